import type { Limits, RateLimitHeaders } from './types.js';
import { secondsUntil } from './windows.js';

/**
 * The five rate-limit headers for counts already updated by this request. The binding window is
 * the one with fewer requests left; on a tie the day, which resets later, so that when both are
 * used up `X-RateLimit-Reset` points past the day boundary, as Retry-After does.
 * Built with plain concatenation and no intermediate arrays: this runs on every request.
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
  return {
    'X-RateLimit-Limit': String(minuteBinds ? limits.perMinute : limits.perDay),
    'X-RateLimit-Remaining': String(left),
    'X-RateLimit-Reset': String(end / 1000),
    RateLimit: (minuteBinds ? '"minute";r=' : '"day";r=') + left + ';t=' + secondsUntil(end, now),
    'RateLimit-Policy': rateLimitPolicy(limits),
  };
}

/** `"minute";q=60;w=60, "day";q=1000;w=86400`: both quota policies of a plan. */
export function rateLimitPolicy(limits: Limits): string {
  return '"minute";q=' + limits.perMinute + ';w=60, "day";q=' + limits.perDay + ';w=86400';
}

function remaining(limit: number, count: number): number {
  return count >= limit ? 0 : limit - count;
}
