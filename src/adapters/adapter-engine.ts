import type { Clock } from '../core/clock.js';
import { createEngine, isLoaded, type MockSetup } from '../mock/create-engine.js';
import type { LoadedDocument } from '../spec/prepare-document.js';
import type { AuthMode } from '../mock/request-authenticator.js';
import type { KeyConfig } from '../rate-limit/key-config.js';
import { resolveSpec, type SpecSource } from './resolve-spec.js';
import { mockControls, type MockControls } from './mock-controls.js';

/** The options both adapters take (INTERFACE.md section 14). */
export interface AdapterOptions {
  /** The document: a parsed object (or one the Node edge loaded) or a URL (YAML or JSON); default the bundled Petstore. */
  spec?: SpecSource | LoadedDocument;
  /** Default 1, as the server's. */
  seed?: number;
  config?: KeyConfig;
  /** Default known-keys for the bundled Petstore, any-credential for any other document (as the server). */
  auth?: AuthMode;
  defaultPlan?: string;
  /** What session clocks follow until `controls.clock` moves them (tests pass a ManualClock). */
  clock?: Clock;
  bodyLimit?: number;
  /** How a fault's delayMs is waited (tests may pass an instant one). */
  delay?: (ms: number) => Promise<void>;
  /** Called with errors that are bugs (answered 500); default console.error. */
  onInternalError?: (error: unknown) => void;
}

export interface AdapterEngine {
  setup: MockSetup;
  controls: MockControls;
}

/** The engine behind an adapter: the same one startMock() serves, built without Node. */
export async function createAdapterEngine(options: AdapterOptions): Promise<AdapterEngine> {
  const spec = isLoaded(options.spec) ? { document: options.spec, name: options.spec.file, bundled: false } : await resolveSpec(options.spec);
  const setup = await createEngine({
    document: spec.document,
    documentName: spec.name,
    seed: options.seed ?? 1,
    config: options.config,
    auth: options.auth ?? (spec.bundled ? 'known-keys' : 'any-credential'),
    defaultPlan: options.defaultPlan,
    baseClock: options.clock,
    bodyLimit: options.bodyLimit,
    delay: options.delay,
    onInternalError: options.onInternalError ?? ((error) => console.error('petstore-kit: internal error', error)),
  });
  return { setup, controls: mockControls(setup) };
}
