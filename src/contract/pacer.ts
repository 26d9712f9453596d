import { readRateLimit, type RateLimitReading } from './rate-limit-reading.js';

/** `--rate-limit N/s` or `N/m`: at most `count` requests per `perMs`, spread evenly. */
export interface RateCeiling {
  count: number;
  perMs: number;
}

/**
 * Keeps the runner under the target's rate limits instead of running into them: before a
 * request, how long to wait; after its answer, what the answer said. Per caller (a target counts
 * each credential apart), from the last answer's rate-limit headers: when that answer left none,
 * the next request waits for the window's reset. `--rate-limit` adds an even spacing of its own
 * over every request. Time is the caller's (the run's clock); the pacer never sleeps.
 */
export interface Pacer {
  /** Milliseconds to wait before sending as `caller` (0: now), and why. Counts the request as sent at `now + ms`. */
  before(caller: string, now: number): { ms: number; reason: string };
  /** Reads an answer's rate-limit headers for `caller`. */
  observe(caller: string, headers: Readonly<Record<string, string>>, now: number): void;
  /** Total of the waits `before` asked for. */
  readonly pacedMs: number;
}

/** Past the reset a target states, in case its window turns a little after its word (clocks, rounding). */
export const RESET_MARGIN_MS = 100;

export function createPacer(ceiling?: RateCeiling): Pacer {
  const last = new Map<string, RateLimitReading>();
  // Set only with a ceiling: without one, a wait the clock did not see pass (an injected sleep) must not hold the next request.
  const spacingMs = ceiling ? ceiling.perMs / ceiling.count : 0;
  let nextSlot = -Infinity;
  let pacedMs = 0;
  return {
    before(caller, now) {
      const reading = last.get(caller);
      const exhausted = reading !== undefined && reading.remaining <= 0 && reading.resetAt !== undefined && reading.resetAt + RESET_MARGIN_MS > now;
      const forWindow = exhausted ? reading.resetAt! + RESET_MARGIN_MS - now : 0;
      const forCeiling = ceiling ? Math.max(0, nextSlot - now) : 0;
      const ms = Math.ceil(Math.max(forWindow, forCeiling));
      if (ceiling) nextSlot = now + ms + spacingMs;
      if (exhausted) last.delete(caller);
      pacedMs += ms;
      const reason = forWindow >= forCeiling ? `the last answer left this credential no request until its rate-limit window resets` : `--rate-limit ${formatCeiling(ceiling!)}`;
      return { ms, reason };
    },
    observe(caller, headers, now) {
      const reading = readRateLimit(headers, now);
      if (reading) last.set(caller, reading);
    },
    get pacedMs() {
      return pacedMs;
    },
  };
}

function formatCeiling(ceiling: RateCeiling): string {
  return `${ceiling.count}/${ceiling.perMs === 1000 ? 's' : 'm'}`;
}
