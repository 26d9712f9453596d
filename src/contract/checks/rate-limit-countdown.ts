import type { CheckInfo } from './types.js';
import type { Exchange, Failure } from '../events.js';
import { parseWholeNumber } from '../http-syntax.js';

export const RATE_LIMIT_COUNTDOWN: CheckInfo = { name: "rate-limit-countdown", checks: "driving a key to 429, X-RateLimit-Remaining falls by one a request within a window", basis: "the documented X-RateLimit-Remaining (--include-rate-limit)" };

/**
 * Driving a key to 429: X-RateLimit-Remaining falls by exactly one a request, within one window
 * (a new X-RateLimit-Reset starts the count again). Reports the first step that does not.
 */
export function rateLimitCountdown(exchanges: readonly Exchange[]): Failure[] {
  let previous: { remaining: number; reset: number | undefined } | undefined;
  for (const [i, exchange] of exchanges.entries()) {
    if (exchange.response.status === 429) break;
    const remaining = parseWholeNumber(exchange.response.headers['x-ratelimit-remaining']);
    const reset = parseWholeNumber(exchange.response.headers['x-ratelimit-reset']);
    if (remaining === undefined) return [];
    if (previous && previous.reset === reset && remaining !== previous.remaining - 1) {
      return [
        {
          check: RATE_LIMIT_COUNTDOWN.name,
          message: `request ${i + 1} of the countdown: X-RateLimit-Remaining went from ${previous.remaining} to ${remaining}`,
          expected: String(previous.remaining - 1),
          actual: String(remaining),
          location: 'header X-RateLimit-Remaining',
        },
      ];
    }
    previous = { remaining, reset };
  }
  return [];
}
