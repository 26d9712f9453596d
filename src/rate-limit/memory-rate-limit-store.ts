/**
 * The counters of one session, in memory. Each method does its whole work synchronously inside
 * the returned promise, so `consume` is atomic per subject: no other request can interleave
 * between reading the state, deciding and writing the next state.
 */
import { decide, EMPTY_SUBJECT_STATE, type SubjectState } from './decide.js';
import { isBannable } from './subjects.js';
import type { BanPolicy, Decision, Limits, RateLimitStore, Usage } from './types.js';
import { DAY_MS, MINUTE_MS } from './windows.js';

export interface MemoryRateLimitStoreOptions {
  /**
   * Sweep out forgotten subjects when a new subject arrives and the map holds at least this many
   * (default 10,000). After a sweep the threshold becomes twice the number kept (never below this
   * value), so sweeping stays amortised O(1) per request even when every subject is live.
   */
  sweepAbove?: number;
}

export interface MemoryRateLimitStore extends RateLimitStore {
  /** Subjects currently held (for tests and diagnostics). */
  readonly size: number;
}

export const DEFAULT_SWEEP_ABOVE = 10_000;

export function createMemoryRateLimitStore(
  policy: BanPolicy,
  options: MemoryRateLimitStoreOptions = {},
): MemoryRateLimitStore {
  const sweepAbove = options.sweepAbove ?? DEFAULT_SWEEP_ABOVE;
  // Addresses are limited but never banned: the same policy with an unreachable 429 budget.
  const addressPolicy: BanPolicy = { max429PerWindow: Infinity, banSeconds: policy.banSeconds };
  const states = new Map<string, SubjectState>();
  let nextSweepAt = sweepAbove;

  /**
   * A subject whose day window has ended (so its minute window too) and whose ban is over is
   * indistinguishable from one never seen: dropping it changes no answer.
   */
  function sweep(now: number): void {
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    for (const [subject, state] of states) {
      if (state.dayStart < today && (state.bannedUntil === null || state.bannedUntil <= now)) {
        states.delete(subject);
      }
    }
    nextSweepAt = Math.max(sweepAbove, states.size * 2);
  }

  function put(subject: string, state: SubjectState, now: number): void {
    if (!states.has(subject) && states.size >= nextSweepAt) sweep(now);
    states.set(subject, state);
  }

  return {
    get size() {
      return states.size;
    },

    async consume(subject: string, limits: Limits, now: number): Promise<Decision> {
      const result = decide(states.get(subject), limits, now, isBannable(subject) ? policy : addressPolicy);
      put(subject, result.state, now);
      return result.decision;
    },

    async usage(subject: string, now: number): Promise<Usage> {
      const state = states.get(subject);
      if (state === undefined) return { minute: 0, day: 0, bannedUntil: null };
      return {
        minute: state.minuteStart === Math.floor(now / MINUTE_MS) * MINUTE_MS ? state.minuteCount : 0,
        day: state.dayStart === Math.floor(now / DAY_MS) * DAY_MS ? state.dayCount : 0,
        bannedUntil: state.bannedUntil !== null && state.bannedUntil > now ? state.bannedUntil : null,
      };
    },

    async ban(subject: string, until: number): Promise<void> {
      // No sweep here: without `now` we cannot tell which subjects are forgotten. Bans are set by
      // the admin API only, so they cannot grow the map unboundedly; the next consume sweeps.
      states.set(subject, { ...(states.get(subject) ?? EMPTY_SUBJECT_STATE), bannedUntil: until });
    },

    async unban(subject: string): Promise<void> {
      const state = states.get(subject);
      // Lifting a ban also forgets the 429s, so the subject gets a fresh budget of them rather than
      // being banned again by its next over-limit request; its request counts stay.
      if (state !== undefined) states.set(subject, { ...state, bannedUntil: null, minute429: 0, day429: 0 });
    },

    async clear(): Promise<void> {
      states.clear();
      nextSweepAt = sweepAbove;
    },
  };
}
