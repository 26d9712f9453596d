/**
 * Where a session's shared state lives, chosen once at setup: in this process (the default) or
 * in Redis (`--store redis://...`, src/redis/redis-state-backend.ts). The engine, the rate
 * limiter and the admin API see only these interfaces. Methods may answer synchronously (the
 * memory ones do, and keep their speed) or with a promise (the Redis ones); callers await.
 */
import { ControllableClock, type Clock } from '../core/clock.js';
import { createMemoryRateLimitStore } from '../rate-limit/memory-rate-limit-store.js';
import type { SharedDocuments } from '../engine/session-states.js';
import type { KeyRegistry } from '../rate-limit/key-registry.js';
import type { ApiKeyRecord, BanPolicy, Decision, Limits, RateLimitStore } from '../rate-limit/types.js';
import { FaultList, type Fault } from './faults.js';
import { Journal, type JournalEntry, type JournalRecord } from './journal.js';
import { LatencyList } from './latency/latency-list.js';
import type { LatencyRule } from './latency/latency-rule.js';
import { SubscriberList, type SubscriberStore } from './callbacks/subscribers.js';

type MaybePromise<T> = T | Promise<T>;

/** A session's clock (`/__admin/clock`): `now()` is synchronous; a shared one is refreshed per request. */
export interface SessionClock {
  now(): number;
  readonly frozen: boolean;
  set(epochMs: number): MaybePromise<void>;
  advance(seconds: number): MaybePromise<void>;
  reset(): MaybePromise<void>;
  /** Reads the shared clock state (once per request, before `now()`); absent when local. */
  refresh?(): Promise<void>;
}

export interface FaultStore {
  add(fault: Fault): MaybePromise<void>;
  list(): MaybePromise<readonly Fault[]>;
  clear(): MaybePromise<void>;
  /** Takes one use of the first fault matching this request, atomically. */
  take(method: string, path: string, template: string | undefined): MaybePromise<Fault | undefined>;
}

/** A session's latencies (`/__admin/latency`), newest last. */
export interface LatencyStore {
  add(rule: LatencyRule): MaybePromise<void>;
  list(): MaybePromise<readonly LatencyRule[]>;
  clear(): MaybePromise<void>;
}

export interface JournalStore {
  push(entry: JournalRecord): MaybePromise<void>;
  list(): MaybePromise<JournalEntry[]>;
  clear(): MaybePromise<void>;
}

/** Keys added and removed through `/__admin/keys`, for every process; the registry is the local view. */
export interface KeyChanges {
  /** Throws DuplicateKeyError when the key exists (on any process). */
  add(record: ApiKeyRecord): Promise<void>;
  remove(key: string): Promise<boolean>;
  /** Brings the registry up to date with changes made elsewhere. */
  refresh(): Promise<void>;
}

/** What a request asks of the shared state before its operation runs. */
export interface RequestStart {
  /** Who is counted (src/rate-limit/subjects.ts), and whether on the counters shared by every session. */
  subject: string;
  anonymous: boolean;
  limits: Limits;
  /** Present when the request passed every check before its operation: it may meet a fault. */
  fault?: { method: string; path: string; template: string };
}

export type RequestStarted =
  /** Keys were added or removed elsewhere: reloaded; authenticate again and start again (nothing was counted). */
  | { keysChanged: true }
  /** `now` by the session's clock; the rate-limit decision; the fault taken (only when allowed). */
  | { keysChanged: false; now: number; decision: Decision; fault: Fault | undefined; latency?: readonly LatencyRule[] };

/** A request's start in one atomic step (Redis: one script call); memory does the steps one by one. */
export type StartRequest = (start: RequestStart) => Promise<RequestStarted>;

export interface StateBackend {
  /** 'memory' or the redacted Redis URL, for the start-up banner. */
  readonly description: string;
  rateLimits(session: string, policy: BanPolicy): RateLimitStore;
  /** The counters of requests without a known key, shared by every session. */
  anonymousRateLimits(policy: BanPolicy): RateLimitStore;
  clock(session: string, base: Clock): SessionClock;
  faults(session: string): FaultStore;
  latency(session: string): LatencyStore;
  journal(session: string, capacity: number): JournalStore;
  /** A session's webhook subscribers: shared by every process on a shared store. */
  subscribers(session: string): SubscriberStore;
  keys(registry: KeyRegistry): KeyChanges;
  /** A session's records or pack state as one shared document; undefined: kept in this process. */
  readonly documents?: SharedDocuments;
  /**
   * The start of a session's requests as one step (the session's clock, as made by `clock`);
   * absent in memory, where the steps cost nothing apart. At most `maxSessions` sessions keep
   * state (config.sessions.max): past it the least recently used lose theirs.
   */
  requestStart?(session: string, clock: SessionClock, policy: BanPolicy, maxSessions: number): StartRequest;
  /**
   * Forgets one session's shared state, all of it or nothing (one atomic step); true when that
   * was everything (the session's parts then need no clearing of their own).
   */
  resetSession(session: string): Promise<boolean>;
  /** Forgets every session's shared state, including sessions this process never saw; all or nothing. */
  resetAll(): Promise<boolean>;
  /**
   * Records which document this process serves, and answers the one recorded before when that was
   * another: processes sharing state should serve one document (docs/decisions/027-watch.md), so
   * the start-up warns. Absent in memory, where no other process shares the state.
   */
  claimDocument?(identity: DocumentIdentity): Promise<DocumentIdentity | undefined>;
  close(): Promise<void>;
}

/** What a served document is called, and a fingerprint of its content. */
export interface DocumentIdentity {
  title: string;
  version: string;
  file: string;
  fingerprint: string;
}

export const memoryBackend: StateBackend = {
  description: 'memory',
  rateLimits: (_session, policy) => createMemoryRateLimitStore(policy),
  anonymousRateLimits: (policy) => createMemoryRateLimitStore(policy),
  clock: (_session, base) => new ControllableClock(base),
  faults: () => new FaultList(),
  latency: () => new LatencyList(),
  journal: (_session, capacity) => new Journal(capacity),
  subscribers: () => new SubscriberList(),
  keys: (registry) => ({
    add: async (record) => void registry.add(record),
    remove: async (key) => registry.remove(key),
    refresh: async () => {},
  }),
  resetSession: async () => false,
  resetAll: async () => false,
  close: async () => {},
};
