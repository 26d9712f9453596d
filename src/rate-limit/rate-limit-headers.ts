import type { Limits, RateLimitHeaders } from './types.js';
import { secondsUntil } from './windows.js';

/**
 * The five rate-limit headers for counts already updated by this request. The binding window is
 * the one with fewer requests left; on a tie the day, which resets later, so that when both are
 * used up `X-RateLimit-Reset` points past the day boundary, as Retry-After does.
 * Built with plain concatenation and no intermediate arrays: this runs on every request, and the
 * strings that depend on the limits alone are built once per Limits object.
 */
export function rateLimitHeaders(
  limits: Limits,
  minuteCount: number,
  dayCount: number,
  minuteEnd: number,
  dayEnd: number,
  now: number,
): RateLimitHeaders {
  const minuteLeft = remaining(limits.perMinute, minuteCount);
  const dayLeft = remaining(limits.perDay, dayCount);
  const minuteBinds = minuteLeft < dayLeft;
  const left = minuteBinds ? minuteLeft : dayLeft;
  const end = minuteBinds ? minuteEnd : dayEnd;
  const strings = stringsOf(limits);
  return {
    'X-RateLimit-Limit': minuteBinds ? strings.perMinute : strings.perDay,
    'X-RateLimit-Remaining': String(left),
    'X-RateLimit-Reset': String(end / 1000),
    RateLimit: (minuteBinds ? '"minute";r=' : '"day";r=') + left + ';t=' + secondsUntil(end, now),
    'RateLimit-Policy': strings.policy,
  };
}

interface LimitStrings {
  minute: number;
  day: number;
  perMinute: string;
  perDay: string;
  policy: string;
}

/**
 * The strings that depend on the limits alone, kept per Limits object (key records live as long
 * as the key) and rebuilt if its numbers changed: a memo, not state, so the function stays pure.
 */
const limitStrings = new WeakMap<Limits, LimitStrings>();

function stringsOf(limits: Limits): LimitStrings {
  let strings = limitStrings.get(limits);
  if (strings === undefined || strings.minute !== limits.perMinute || strings.day !== limits.perDay) {
    strings = {
      minute: limits.perMinute,
      day: limits.perDay,
      perMinute: String(limits.perMinute),
      perDay: String(limits.perDay),
      policy: rateLimitPolicy(limits),
    };
    limitStrings.set(limits, strings);
  }
  return strings;
}

/** `"minute";q=60;w=60, "day";q=1000;w=86400`: both quota policies of a plan. */
export function rateLimitPolicy(limits: Limits): string {
  return '"minute";q=' + limits.perMinute + ';w=60, "day";q=' + limits.perDay + ';w=86400';
}

function remaining(limit: number, count: number): number {
  return count >= limit ? 0 : limit - count;
}
