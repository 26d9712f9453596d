import { systemClock, waitOn, type Clock } from '../core/clock.js';
import type { BehaviourPlan } from '../engine/select-behaviours.js';
import { errorShapes } from '../engine/error-body.js';
import { createFaker } from '../generation/create-faker.js';
import { defaultKeyConfig, type KeyConfig } from '../rate-limit/key-config.js';
import { KeyRegistry, maskKey } from '../rate-limit/key-registry.js';
import { ANONYMOUS_PLAN } from '../rate-limit/plans.js';
import { prepareDocument, type LoadedDocument } from '../spec/prepare-document.js';
import type { OperationIndex } from '../spec/operation-index.js';
import type { Router } from '../spec/router.js';
import { serverBasePath } from '../spec/server-base-path.js';
import type { SecurityIndex } from '../spec/security.js';
import { createAjv } from '../validation/create-ajv.js';
import { MockEngine } from './mock-engine.js';
import type { LatencyRule } from './latency/latency-rule.js';
import { createLatencySampler } from './latency/sample-latency.js';
import { OutgoingCalls, type Send } from './callbacks/outgoing-calls.js';
import { CallbacksAndWebhooks } from './callbacks/webhooks.js';
import type { MockRequest } from './mock-request.js';
import { createRequestAuthenticator, type AuthMode } from './request-authenticator.js';
import { createRequestChecks } from './request-checks.js';
import { serveDocument, type ServedDocument } from './served-document.js';
import { SessionRegistry } from './session.js';
import { createSnapshots, startupKeysOf, type Snapshots } from './snapshot/snapshots.js';
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
  /** How delays are waited; default on `baseClock` when it can wait (a ManualClock), else in real time. */
  delay?: (ms: number) => Promise<void>;
  /** `mock --latency`: the latency of every request no session latency matches. */
  latency?: LatencyRule;
  /** Callbacks and webhooks: hosts besides loopback they may call, `--webhook-target` URLs, how they are sent. */
  outgoing?: { allowHosts?: readonly string[]; webhookTargets?: readonly string[]; send?: Send };
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
  /** Callbacks fired after answers, and webhooks (`/__admin/webhooks`); follows reloads. */
  outgoing: CallbacksAndWebhooks;
  /** Waits `ms` as the engine's delays do (on the injected clock): a dripped body's pauses. */
  delay(ms: number): Promise<void>;
  /** A session's state as a snapshot, and back (`/__admin/snapshot`, `mock --state`); follows reloads. */
  snapshots: Snapshots;
  /**
   * Serves another document (`--watch`) in place of this one, keeping keys, plans and every
   * session's state (docs/decisions/027-watch.md). A broken document throws SpecError and
   * changes nothing. Calls take effect in the order they are made.
   */
  reload(document: LoadedDocument | object): Promise<void>;
}

export function isLoaded(document: unknown): document is LoadedDocument {
  if (typeof document !== 'object' || document === null) return false;
  const d = document as Partial<LoadedDocument>;
  return typeof d.file === 'string' && typeof d.line === 'string' && typeof d.document === 'object' && typeof d.source === 'object';
}

/**
 * Builds the engine from a document, in any JavaScript environment: nothing here or below
 * imports from Node (scripts/check-browser-engine.mjs proves it on each build). A broken
 * document throws SpecError.
 */
export async function createEngine(options: EngineOptions): Promise<MockSetup> {
  const served = await serveDocument(await loadedOf(options), options.seed, (options.stateBackend ?? memoryBackend).documents);
  const config = options.config ?? defaultKeyConfig();
  const keys = KeyRegistry.fromConfig(config);
  const backend = options.stateBackend ?? memoryBackend;
  const auth = { mode: options.auth ?? 'known-keys', defaultPlan: options.defaultPlan ?? DEFAULT_PLAN };
  const defaultLimits = config.plans.get(auth.defaultPlan);
  if (!defaultLimits) throw new Error(`the default plan "${auth.defaultPlan}" is not a plan (plans: ${[...config.plans.keys()].join(', ')})`);
  const sessions = new SessionRegistry(
    {
      ...served.states,
      newRateLimitStore: (session) => (session === undefined ? backend.anonymousRateLimits(config.bans) : backend.rateLimits(session, config.bans)),
      newClock: (session, base) => backend.clock(session, base),
      newFaults: (session) => backend.faults(session),
      newLatency: (session) => backend.latency(session),
      newJournal: (session, capacity) => backend.journal(session, capacity),
      newSubscribers: (session) => backend.subscribers(session),
      ...(backend.requestStart && { newStart: (session: string, clock: SessionClock) => backend.requestStart!(session, clock, config.bans, config.sessions.max) }),
      resetShared: () => backend.resetAll(),
      resetSharedSession: (session) => backend.resetSession(session),
      baseClock: options.baseClock ?? systemClock,
      journalSize: options.journalSize ?? 1000,
    },
    config.sessions.max,
  );
  const sampleLatency = createLatencySampler(options.seed);
  const delay = options.delay ?? waitOn(options.baseClock);
  const calls = new OutgoingCalls({ delay, now: (session) => session.clock.now(), ...(options.outgoing?.send && { send: options.outgoing.send }), ...(options.outgoing?.allowHosts && { allowHosts: options.outgoing.allowHosts }) });
  const outgoingFor = (document: ServedDocument) => {
    const events = document.plan.packs.flatMap((pack) => pack.events?.(document.loaded.document) ?? []);
    return new CallbacksAndWebhooks(document.loaded.document, calls, createFaker(options.seed), options.outgoing?.webhookTargets, events);
  };
  const engineFor = (document: ServedDocument, outgoing: CallbacksAndWebhooks) =>
    new MockEngine({
      router: document.router,
      // createAjv accepts the document's vendor extensions (`x-...`) and 3.1 schemas (decision 017).
      requests: createRequestChecks(createAjv()),
      behaviours: document.plan.behaviours,
      queryNames: document.queryNames,
      authenticate: createRequestAuthenticator({ security: document.security, mode: auth.mode, keys, defaultLimits, anonymousLimits: config.plans.get(ANONYMOUS_PLAN)!, maskKey }),
      sessions,
      bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
      faker: createFaker(options.seed),
      errors: errorShapes(document.index.operations),
      delay,
      ...(options.latency && { latency: options.latency }),
      sampleLatency,
      outgoing,
      onInternalError: options.onInternalError ?? (() => {}),
      basePath: serverBasePath(document.loaded.document),
    });
  const keyChanges = backend.keys(keys);
  const startupKeys = startupKeysOf(keys);
  const snapshotsFor = (document: ServedDocument) =>
    createSnapshots({ document: document.loaded.document, packs: document.plan.packs, resources: document.crudResources, resourceIndex: document.resources, operations: document.index.operations, sessions, keys, keyChanges, ajv: createAjv(), startupKeys });
  const servedParts = (document: ServedDocument) => {
    const outgoing = outgoingFor(document);
    return { loaded: document.loaded, index: document.index, router: document.router, plan: document.plan, security: document.security, engine: engineFor(document, outgoing), snapshots: snapshotsFor(document), outgoing };
  };
  let reloads = Promise.resolve();
  const setup: MockSetup = {
    ...servedParts(served),
    sessions,
    keys,
    config,
    seed: options.seed,
    delay,
    auth,
    backend,
    keyChanges,
    reload: (document) => {
      const reloaded = reloads.then(async () => {
        const next = await serveDocument(await loadedOf({ ...options, document }), options.seed, backend.documents);
        const parts = servedParts(next);
        // Synchronous from here: a request reads `setup.engine` once and runs on that engine to the
        // end, so it sees the old document or the new one, never half of each.
        sessions.adopt(next.states);
        Object.assign(setup, parts);
      });
      reloads = reloaded.catch(() => {});
      return reloaded;
    },
  };
  return setup;
}

async function loadedOf(options: Pick<EngineOptions, 'document' | 'documentName'>): Promise<LoadedDocument> {
  return isLoaded(options.document) ? options.document : prepareDocument(options.documentName ?? 'document', options.document);
}
