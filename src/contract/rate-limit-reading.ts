import { parseImfFixdate, parseRateLimitField, parseWholeNumber } from './http-syntax.js';

/** What an answer says of its caller's rate limit: requests left, and when the window resets. */
export interface RateLimitReading {
  remaining: number;
  /** Epoch ms by the run's clock; undefined when the answer does not say. */
  resetAt: number | undefined;
}

/** `X-RateLimit-Reset` above this is a unix time (GitHub's); at or below, seconds from now (others'). */
const UNIX_TIME_FLOOR = 1_000_000_000;

/**
 * The binding rate limit an answer states, from the IETF draft's `RateLimit: "minute";r=59;t=31`
 * (one item per policy; the one with fewest left binds), its older split form
 * (`RateLimit-Remaining`/`RateLimit-Reset`, seconds), or `X-RateLimit-Remaining`/`-Reset`. The
 * draft comes first: its `t` is relative, so a target whose clock is off cannot mislead it.
 */
export function readRateLimit(headers: Readonly<Record<string, string>>, now: number): RateLimitReading | undefined {
  const draft = headers['ratelimit'];
  if (draft !== undefined) {
    const items = draft.split(',').map(parseRateLimitField).filter((item) => item !== undefined);
    const binding = items.sort((a, b) => a.remaining - b.remaining || b.resetSeconds - a.resetSeconds)[0];
    if (binding) return { remaining: binding.remaining, resetAt: now + binding.resetSeconds * 1000 };
  }
  const split = parseWholeNumber(headers['ratelimit-remaining']);
  if (split !== undefined) return { remaining: split, resetAt: secondsFromNow(headers['ratelimit-reset'], now) };
  const legacy = parseWholeNumber(headers['x-ratelimit-remaining']);
  if (legacy === undefined) return undefined;
  const reset = parseWholeNumber(headers['x-ratelimit-reset']);
  if (reset === undefined || reset <= UNIX_TIME_FLOOR) return { remaining: legacy, resetAt: secondsFromNow(headers['x-ratelimit-reset'], now) };
  // Measured from the answer's Date when it has one (whole seconds, so never short): the target's clock may not be ours.
  const date = headers['date'] === undefined ? undefined : parseImfFixdate(headers['date']);
  return { remaining: legacy, resetAt: date === undefined ? reset * 1000 : now + Math.max(0, reset * 1000 - date) };
}

function secondsFromNow(raw: string | undefined, now: number): number | undefined {
  const seconds = parseWholeNumber(raw);
  return seconds === undefined ? undefined : now + seconds * 1000;
}
