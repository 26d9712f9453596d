import { systemClock, type Clock } from '../core/clock.js';
import { createFaker } from '../generation/create-faker.js';
import { buildSeedData } from '../generation/seed-data.js';
import { defaultKeyConfig, type KeyConfig } from '../rate-limit/key-config.js';
import { KeyRegistry, maskKey } from '../rate-limit/key-registry.js';
import { createMemoryRateLimitStore } from '../rate-limit/memory-rate-limit-store.js';
import { ANONYMOUS_PLAN } from '../rate-limit/plans.js';
import { loadDocument, type LoadedDocument } from '../spec/load-document.js';
import { buildOperationIndex, type Operation, type OperationIndex } from '../spec/operation-index.js';
import { Router } from '../spec/router.js';
import { buildSecurityIndex, type SecurityIndex } from '../spec/security.js';
import { createMemoryStore } from '../store/memory-store.js';
import { createAjv } from '../validation/create-ajv.js';
import { compileRequestValidator, type RequestValidator } from '../validation/request-validator.js';
import { MockEngine } from './mock-engine.js';
import type { MockRequest } from './mock-request.js';
import { createRequestAuthenticator, type AuthMode } from './request-authenticator.js';
import { bindHandlers } from './operations/index.js';
import { SessionRegistry } from './session.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** The plan of credentials that are not known keys under `--auth any-credential`. */
export const DEFAULT_PLAN = 'Pro';

export interface MockSetupOptions {
  specFile: string;
  seed: number;
  config?: KeyConfig;
  /** Who passes authentication (INTERFACE.md section 10); default known-keys. */
  auth?: AuthMode;
  /** The plan of credentials that are not known keys under any-credential; default Pro. */
  defaultPlan?: string;
  /** What session clocks follow until `/__admin/clock` moves them (tests pass a ManualClock). */
  baseClock?: Clock;
  bodyLimit?: number;
  journalSize?: number;
  delay?: (ms: number) => Promise<void>;
  onInternalError?: (error: unknown, request: MockRequest) => void;
}

/** Everything the HTTP layer serves: built once at start from the document and the config. */
export interface MockSetup {
  loaded: LoadedDocument;
  index: OperationIndex;
  router: Router;
  engine: MockEngine;
  sessions: SessionRegistry;
  keys: KeyRegistry;
  config: KeyConfig;
  seed: number;
  /** The security of each operation, and what the mock does about schemes it cannot check. */
  security: SecurityIndex;
  auth: { mode: AuthMode; defaultPlan: string };
}

const realDelay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Loads the document and builds the engine; a broken document throws SpecError. */
export async function createMockSetup(options: MockSetupOptions): Promise<MockSetup> {
  const loaded = await loadDocument(options.specFile);
  const index = buildOperationIndex(loaded.document, options.specFile);
  const handlers = bindHandlers(index, options.specFile);
  const config = options.config ?? defaultKeyConfig();
  const keys = KeyRegistry.fromConfig(config);
  const security = buildSecurityIndex(loaded.document, index.operations);
  const auth = { mode: options.auth ?? 'known-keys', defaultPlan: options.defaultPlan ?? DEFAULT_PLAN };
  const defaultLimits = config.plans.get(auth.defaultPlan);
  if (!defaultLimits) throw new Error(`the default plan "${auth.defaultPlan}" is not a plan (plans: ${[...config.plans.keys()].join(', ')})`);
  const ajv = createAjv();
  // Compiled on an operation's first request, then kept: start-up pays for no operation unused.
  const validators = new Map<string, RequestValidator>();
  const validatorFor = (operation: Operation): RequestValidator => {
    let validator = validators.get(operation.operationId);
    if (!validator) validators.set(operation.operationId, (validator = compileRequestValidator(operation, ajv)));
    return validator;
  };
  const queryNames = new Map(index.operations.map((op) => [op.operationId, op.parameters.filter((p) => p.in === 'query').map((p) => p.name)]));
  const seedData = buildSeedData(loaded.document, options.seed);
  const sessions = new SessionRegistry(
    {
      newStore: () => createMemoryStore(seedData),
      newRateLimitStore: () => createMemoryRateLimitStore(config.bans),
      baseClock: options.baseClock ?? systemClock,
      journalSize: options.journalSize ?? 1000,
    },
    config.sessions.max,
  );
  const faker = createFaker(options.seed);
  const router = new Router(index.operations);
  const engine = new MockEngine({
    router,
    validatorFor,
    handlers,
    queryNames,
    authenticate: createRequestAuthenticator({ security, mode: auth.mode, keys, defaultLimits, anonymousLimits: config.plans.get(ANONYMOUS_PLAN)!, maskKey }),
    sessions,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    faker,
    delay: options.delay ?? realDelay,
    onInternalError: options.onInternalError ?? (() => {}),
  });
  return { loaded, index, router, engine, sessions, keys, config, seed: options.seed, security, auth };
}
