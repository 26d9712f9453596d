import type { Failure } from '../events.js';
import { documentsHeader } from '../documented-response.js';
import { parseImfFixdate, parseRateLimitField, parseWholeNumber } from '../http-syntax.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const RATE_LIMIT_CONSISTENCY: CheckInfo = { name: "rate-limit-consistency", checks: "rate-limit headers agree with each other and with time; a 429 says when to come back", basis: "the documented rate-limit headers; the IETF RateLimit fields draft; RFC 6585 section 4" };

/** Seconds of disagreement tolerated: `Date` has a resolution of one second and `t` is rounded up. */
const SLACK_SECONDS = 2;
const DAY_SECONDS = 86_400;
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit'];

/**
 * The rate-limit headers agree with each other and with time: Remaining <= Limit, Reset in the
 * future (by the response's `Date`, else the run's clock) and within a day, the draft `RateLimit`
 * field saying the same as the X- headers, and on a 429: Remaining 0 and `Retry-After` pointing at
 * the reset. Absent headers are the business of headers-documented. Only where the document
 * declares the rate-limit headers for that answer: other APIs use these names with other meanings
 * (`X-RateLimit-Reset` in seconds from now, say).
 */
export const rateLimitConsistency: Check = (exchange, operation, context) => {
  const status = exchange.response.status;
  if (!RATE_LIMIT_HEADERS.some((name) => documentsHeader(operation, status, name))) return [];
  const h = exchange.response.headers;
  const limit = parseWholeNumber(h['x-ratelimit-limit']);
  const remaining = parseWholeNumber(h['x-ratelimit-remaining']);
  const reset = parseWholeNumber(h['x-ratelimit-reset']);
  const failures: Failure[] = [];
  const fail = (message: string, header: string, expected: string, actual: string) =>
    failures.push({ check: RATE_LIMIT_CONSISTENCY.name, message: `${describeRequest(exchange)} -> ${exchange.response.status}: ${message}`, expected, actual, location: `header ${header}` });

  if (limit !== undefined && remaining !== undefined && remaining > limit) {
    fail(`X-RateLimit-Remaining ${remaining} exceeds X-RateLimit-Limit ${limit}`, 'X-RateLimit-Remaining', `<= ${limit}`, String(remaining));
  }
  const dated = h['date'] !== undefined ? parseImfFixdate(h['date']) : undefined;
  const nowSeconds = (dated ?? context.receivedAt) / 1000;
  const clockName = dated !== undefined ? 'the response Date' : 'the run clock';
  if (reset !== undefined) {
    if (reset < Math.floor(nowSeconds) - SLACK_SECONDS) {
      fail(`X-RateLimit-Reset ${reset} is in the past by ${clockName}`, 'X-RateLimit-Reset', `>= ${Math.floor(nowSeconds)}`, String(reset));
    } else if (reset > nowSeconds + DAY_SECONDS + SLACK_SECONDS) {
      fail(`X-RateLimit-Reset ${reset} is more than a day ahead of ${clockName}`, 'X-RateLimit-Reset', `<= ${Math.ceil(nowSeconds + DAY_SECONDS)}`, String(reset));
    }
  }
  const field = h['ratelimit'] !== undefined ? parseRateLimitField(h['ratelimit']) : undefined;
  if (field && remaining !== undefined && field.remaining !== remaining) {
    fail(`RateLimit says r=${field.remaining} but X-RateLimit-Remaining says ${remaining}`, 'RateLimit', `r=${remaining}`, h['ratelimit'] ?? '');
  }
  if (field && reset !== undefined && Math.abs(field.resetSeconds - (reset - nowSeconds)) > SLACK_SECONDS) {
    fail(`RateLimit t=${field.resetSeconds} disagrees with X-RateLimit-Reset (${Math.ceil(reset - nowSeconds)} s away)`, 'RateLimit', `t=${Math.ceil(reset - nowSeconds)}`, h['ratelimit'] ?? '');
  }
  if (exchange.response.status === 429) {
    if (remaining !== undefined && remaining !== 0) fail('a 429 with X-RateLimit-Remaining above 0', 'X-RateLimit-Remaining', '0', String(remaining));
    const retryAfter = parseWholeNumber(h['retry-after']);
    if (retryAfter === undefined) {
      fail('a 429 without Retry-After in whole seconds', 'Retry-After', 'seconds until the window resets', h['retry-after'] ?? 'absent');
    } else if (reset !== undefined && Math.abs(retryAfter - (reset - nowSeconds)) > SLACK_SECONDS) {
      fail(`Retry-After ${retryAfter} disagrees with X-RateLimit-Reset ${reset} (${Math.ceil(reset - nowSeconds)} s away by ${clockName})`, 'Retry-After', String(Math.ceil(reset - nowSeconds)), String(retryAfter));
    }
  }
  return failures;
};
