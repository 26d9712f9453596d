import { systemClock, type Clock } from '../core/clock.js';
import { crudInference } from '../engine/crud/infer-crud.js';
import { inferResources } from '../engine/crud/infer-resources.js';
import { seedRecords } from '../engine/crud/seed-records.js';
import { selectBehaviours, type BehaviourPlan } from '../engine/select-behaviours.js';
import { sessionStates } from '../engine/session-states.js';
import { createFaker } from '../generation/create-faker.js';
import { defaultKeyConfig, type KeyConfig } from '../rate-limit/key-config.js';
import { KeyRegistry, maskKey } from '../rate-limit/key-registry.js';
import { ANONYMOUS_PLAN } from '../rate-limit/plans.js';
import { prepareDocument, type LoadedDocument } from '../spec/prepare-document.js';
import { buildOperationIndex, type OperationIndex } from '../spec/operation-index.js';
import { BUILT_IN_PACKS } from '../packs/index.js';
import { Router } from '../spec/router.js';
import { buildSecurityIndex, type SecurityIndex } from '../spec/security.js';
import { createAjv } from '../validation/create-ajv.js';
import { MockEngine } from './mock-engine.js';
import type { MockRequest } from './mock-request.js';
import { createRequestAuthenticator, type AuthMode } from './request-authenticator.js';
import { createRequestChecks } from './request-checks.js';
import { SessionRegistry } from './session.js';
import { memoryBackend, type KeyChanges, type SessionClock, type StateBackend } from './state-backend.js';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/** The plan of credentials that are not known keys under `--auth any-credential`. */
export const DEFAULT_PLAN = 'Pro';

export interface EngineOptions {
  /**
   * The document: already loaded (the Node edge's loadDocument), or a parsed OpenAPI 3.x object
   * (checked and dereferenced here, without the steps that need Node: prepare-document.ts).
   */
  document: LoadedDocument | object;
  /** What error messages call the document (a file name, a URL); default "document". */
  documentName?: string;
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
  /** Where shared state lives (src/mock/state-backend.ts); default in this process. */
  stateBackend?: StateBackend;
}

/** Everything the HTTP layer serves: built once at start from the document and the config. */
export interface MockSetup {
  loaded: LoadedDocument;
  index: OperationIndex;
  router: Router;
  engine: MockEngine;
  /** How each operation is served, chosen at load. */
  plan: BehaviourPlan;
  sessions: SessionRegistry;
  keys: KeyRegistry;
  config: KeyConfig;
  seed: number;
  /** The security of each operation, and what the mock does about schemes it cannot check. */
  security: SecurityIndex;
  auth: { mode: AuthMode; defaultPlan: string };
  backend: StateBackend;
  /** Changes to `keys` made through the control API (shared when the backend is). */
  keyChanges: KeyChanges;
}

export function isLoaded(document: unknown): document is LoadedDocument {
  if (typeof document !== 'object' || document === null) return false;
  const d = document as Partial<LoadedDocument>;
  return typeof d.file === 'string' && typeof d.line === 'string' && typeof d.document === 'object' && typeof d.source === 'object';
}

const realDelay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Builds the engine from a document, in any JavaScript environment: nothing here or below
 * imports from Node (scripts/check-browser-engine.mjs proves it on each build). A broken
 * document throws SpecError.
 */
export async function createEngine(options: EngineOptions): Promise<MockSetup> {
  const loaded = isLoaded(options.document) ? options.document : await prepareDocument(options.documentName ?? 'document', options.document);
  const index = buildOperationIndex(loaded.document, loaded.file);
  // Resources are inferred from every path, but only operations no pack claims are served as CRUD.
  const resources = inferResources(index.operations);
  const plan = selectBehaviours(index.operations, loaded.document, BUILT_IN_PACKS, crudInference(resources));
  const config = options.config ?? defaultKeyConfig();
  const keys = KeyRegistry.fromConfig(config);
  const backend = options.stateBackend ?? memoryBackend;
  const security = buildSecurityIndex(loaded.document, index.operations);
  const auth = { mode: options.auth ?? 'known-keys', defaultPlan: options.defaultPlan ?? DEFAULT_PLAN };
  const defaultLimits = config.plans.get(auth.defaultPlan);
  if (!defaultLimits) throw new Error(`the default plan "${auth.defaultPlan}" is not a plan (plans: ${[...config.plans.keys()].join(', ')})`);
  // createAjv accepts the document's vendor extensions (`x-...`) and 3.1 schemas (decision 017).
  const ajv = createAjv();
  const queryNames = new Map(index.operations.map((op) => [op.operationId, op.parameters.filter((p) => p.in === 'query').map((p) => p.name)]));
  const crudResources = resources.resources.filter((r) => plan.lines.some((l) => l.resource === r.name));
  const states = sessionStates(plan.packs, loaded.document, options.seed, await seedRecords(crudResources, options.seed), backend.documents);
  const sessions = new SessionRegistry(
    {
      ...states,
      newRateLimitStore: (session) => (session === undefined ? backend.anonymousRateLimits(config.bans) : backend.rateLimits(session, config.bans)),
      newClock: (session, base) => backend.clock(session, base),
      newFaults: (session) => backend.faults(session),
      newJournal: (session, capacity) => backend.journal(session, capacity),
      ...(backend.requestStart && { newStart: (session: string, clock: SessionClock) => backend.requestStart!(session, clock, config.bans) }),
      resetShared: () => backend.resetAll(),
      resetSharedSession: (session) => backend.resetSession(session),
      baseClock: options.baseClock ?? systemClock,
      journalSize: options.journalSize ?? 1000,
    },
    config.sessions.max,
  );
  const faker = createFaker(options.seed);
  const router = new Router(index.operations);
  const engine = new MockEngine({
    router,
    requests: createRequestChecks(ajv),
    behaviours: plan.behaviours,
    queryNames,
    authenticate: createRequestAuthenticator({ security, mode: auth.mode, keys, defaultLimits, anonymousLimits: config.plans.get(ANONYMOUS_PLAN)!, maskKey }),
    sessions,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    faker,
    delay: options.delay ?? realDelay,
    onInternalError: options.onInternalError ?? (() => {}),
  });
  return { loaded, index, router, engine, plan, sessions, keys, config, seed: options.seed, security, auth, backend, keyChanges: backend.keys(keys) };
}
