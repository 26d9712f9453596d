import { ControllableClock, type Clock } from '../core/clock.js';
import type { RateLimitStore } from '../rate-limit/types.js';
import type { Store } from '../store/store.js';
import { FaultList } from './faults.js';
import { Journal } from './journal.js';
import { ownCopy } from './kept-text.js';

/** What one `X-Mock-Session` sees on its own: store, counters and bans, faults, journal, clock. */
export interface Session {
  readonly name: string;
  store: Store;
  limits: RateLimitStore;
  readonly clock: ControllableClock;
  readonly faults: FaultList;
  readonly journal: Journal;
}

export interface SessionFactory {
  newStore(): Store;
  newRateLimitStore(): RateLimitStore;
  baseClock: Clock;
  journalSize: number;
}

export const DEFAULT_SESSION = 'default';

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
    private readonly factory: SessionFactory,
    private readonly max: number,
  ) {
    this.defaultSession = this.create(DEFAULT_SESSION);
    this.anonymous = factory.newRateLimitStore();
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

  /** Back to the seed data, fresh counters, no bans or faults, real clock. */
  reset(session: Session): void {
    session.store = this.factory.newStore();
    session.limits = this.factory.newRateLimitStore();
    session.clock.reset();
    session.faults.clear();
    session.journal.clear();
  }

  /** Every session gone; the default one back to its start; the shared anonymous counters fresh. */
  resetAll(): void {
    this.sessions.clear();
    this.reset(this.defaultSession);
    this.anonymous = this.factory.newRateLimitStore();
  }

  private create(name: string): Session {
    return {
      name: ownCopy(name),
      store: this.factory.newStore(),
      limits: this.factory.newRateLimitStore(),
      clock: new ControllableClock(this.factory.baseClock),
      faults: new FaultList(),
      journal: new Journal(this.factory.journalSize),
    };
  }
}
