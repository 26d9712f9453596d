import type { Clock } from '../core/clock.js';
import type { SessionState } from '../engine/behaviour.js';
import type { SessionStates } from '../engine/session-states.js';
import type { RateLimitStore } from '../rate-limit/types.js';
import type { RecordData, RecordStore } from '../store/record-store.js';
import { ownCopy } from './kept-text.js';
import type { SubscriberStore } from './callbacks/subscribers.js';
import type { FaultStore, JournalStore, LatencyStore, SessionClock, StartRequest } from './state-backend.js';

/** What one `X-Mock-Session` sees on its own: pack states and records, counters and bans, faults, journal, clock. */
export interface Session extends SessionState {
  readonly name: string;
  packs: Map<string, unknown>;
  records: RecordStore;
  /**
   * The state to inspect (tests, the soak run): the first pack's in use, else the records.
   * Loosely typed: its shape is the pack's, which only the pack's own checks know.
   */
  store: { snapshot(): Promise<any> };
  limits: RateLimitStore;
  readonly clock: SessionClock;
  readonly faults: FaultStore;
  /** Latencies set through `/__admin/latency`. */
  readonly latency: LatencyStore;
  readonly journal: JournalStore;
  /** Webhook subscribers (`/__admin/webhooks/{name}/subscribers`). */
  readonly subscribers: SubscriberStore;
  /** A shared store's start of a request in one step (clock, limit, fault, state); absent in memory. */
  readonly start?: StartRequest;
}

export interface SessionFactory {
  /** A state for each pack in use, from its seed. */
  newPackStates(session: string): Map<string, unknown>;
  newRecords(session: string): RecordStore;
  /** What `store` is for a session's states. */
  inspected(packs: ReadonlyMap<string, unknown>, records: RecordStore): Session['store'];
  /** Pack states from imported seeds (by pack name), written over a shared store's. */
  restorePackStates(session: string, seeds: ReadonlyMap<string, unknown>): Promise<Map<string, unknown>>;
  restoreRecords(session: string, data: RecordData): Promise<RecordStore>;
  /** The counters of a session; `undefined` names the anonymous ones shared by every session. */
  newRateLimitStore(session: string | undefined): RateLimitStore;
  newClock(session: string, base: Clock): SessionClock;
  newFaults(session: string): FaultStore;
  newLatency(session: string): LatencyStore;
  newJournal(session: string, capacity: number): JournalStore;
  newSubscribers(session: string): SubscriberStore;
  newStart?(session: string, clock: SessionClock): StartRequest;
  /** Forgets every session's shared state in one step; true when that was all (false in memory). */
  resetShared(): Promise<boolean>;
  /** Forgets one session's shared state in one step; true when that was all (false in memory). */
  resetSharedSession(session: string): Promise<boolean>;
  baseClock: Clock;
  journalSize: number;
}

export const DEFAULT_SESSION = 'default';

/** What `X-Mock-Session` may be, for the API and the control API alike: 1..128 visible ASCII characters. */
export const SESSION_NAME = /^[\x21-\x7e]{1,128}$/;
export const SESSION_NAME_RULE = 'X-Mock-Session must be 1..128 visible ASCII characters';

/**
 * Sessions made on first use, at most `max` at once; the least recently used goes first (the
 * default session is never evicted). A Map keeps insertion order, so re-inserting on use makes
 * its first key the least recently used: O(1) per request.
 */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();
  private defaultSession: Session;
  /**
   * The counters of requests with no key or an unknown one, per client address, shared by every
   * session: per session, a new `X-Mock-Session` per request would make key guessing unlimited.
   * Keys keep their counters per session (INTERFACE.md section 8).
   */
  anonymous: RateLimitStore;

  constructor(
    private factory: SessionFactory,
    private readonly max: number,
  ) {
    this.defaultSession = this.create(DEFAULT_SESSION);
    this.anonymous = factory.newRateLimitStore(undefined);
  }

  get(name: string | undefined): Session {
    if (name === undefined || name === DEFAULT_SESSION) return this.defaultSession;
    let session = this.sessions.get(name);
    if (session) {
      this.sessions.delete(name);
    } else {
      session = this.create(name);
      if (this.sessions.size >= this.max - 1) {
        const oldest = this.sessions.keys().next().value as string;
        this.sessions.delete(oldest);
      }
    }
    // Keyed by the session's own copy of the name: a request's header string would stay alive.
    this.sessions.set(session.name, session);
    return session;
  }

  /** Live sessions, the default one included. */
  get size(): number {
    return this.sessions.size + 1;
  }

  /**
   * Back to the seed data, fresh counters, no bans or faults, real clock. A shared store forgets
   * it all in one step first (an outage then changes nothing); its parts read Redis afresh.
   */
  async reset(session: Session): Promise<void> {
    const shared = await this.factory.resetSharedSession(session.name);
    this.renew(session);
    if (shared) return;
    await session.limits.clear();
    await session.clock.reset();
    await session.faults.clear();
    await session.latency.clear();
    await session.journal.clear();
    await session.subscribers.clear();
  }

  /**
   * The session's records and pack states replaced by imported ones (a snapshot), with fresh
   * counters, no bans or faults and an empty journal; the caller sets the clock, bans and faults.
   */
  async restore(session: Session, packSeeds: ReadonlyMap<string, unknown>, records: RecordData): Promise<void> {
    const packs = await this.factory.restorePackStates(session.name, packSeeds);
    const store = await this.factory.restoreRecords(session.name, records);
    session.packs = packs;
    session.records = store;
    session.store = this.factory.inspected(packs, store);
    await session.limits.clear();
    await session.faults.clear();
    await session.latency.clear();
    await session.journal.clear();
  }

  /** Every session gone; the default one back to its start; the shared anonymous counters fresh. */
  async resetAll(): Promise<void> {
    const shared = await this.factory.resetShared();
    this.sessions.clear();
    if (shared) return this.renew(this.defaultSession);
    await this.reset(this.defaultSession);
    await this.anonymous.clear();
  }

  /**
   * Serves a reloaded document (`--watch`): sessions made from now on, and resets, start from its
   * states; live sessions carry theirs over (session-states.ts). Counters, clocks, faults and
   * journals are the document's no more than keys are: they stay. Synchronous, so that no
   * request sees some sessions under one document and some under the other.
   */
  adopt(states: SessionStates): void {
    this.factory = { ...this.factory, ...states };
    for (const session of [this.defaultSession, ...this.sessions.values()]) {
      session.packs = states.carryPacks(session.name, session.packs);
      session.records = states.carryRecords(session.name, session.records);
      session.store = states.inspected(session.packs, session.records);
    }
  }

  private renew(session: Session): void {
    session.packs = this.factory.newPackStates(session.name);
    session.records = this.factory.newRecords(session.name);
    session.store = this.factory.inspected(session.packs, session.records);
  }

  private create(given: string): Session {
    const name = ownCopy(given);
    const packs = this.factory.newPackStates(name);
    const records = this.factory.newRecords(name);
    const clock = this.factory.newClock(name, this.factory.baseClock);
    const session: Session = {
      name,
      packs,
      records,
      store: this.factory.inspected(packs, records),
      limits: this.factory.newRateLimitStore(name),
      clock,
      faults: this.factory.newFaults(name),
      latency: this.factory.newLatency(name),
      journal: this.factory.newJournal(name, this.factory.journalSize),
      subscribers: this.factory.newSubscribers(name),
    };
    const start = this.factory.newStart?.(name, clock);
    return start ? { ...session, start } : session;
  }
}
