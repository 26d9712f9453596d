import { rateLimitCountdown } from './checks/rate-limit-countdown.js';
import type { CaseRun } from './case-run.js';
import { politeOptions, SetupError } from './case-run.js';
import type { Exchange } from './events.js';
import { documentedBodyProperty } from './documented-response.js';
import { parseWholeNumber } from './http-syntax.js';
import { sendPolitely } from './polite-client.js';
import { buildRequest } from './request-builder.js';
import { maskSecret } from './credentials.js';

/** Above this many requests left, driving the key to 429 would take too long: the case is skipped. */
export const MAX_COUNTDOWN = 2000;
/** Exchanges of the countdown kept in the report at each end (every one is checked). */
const KEEP_AT_EACH_END = 3;

/**
 * Drives the rate-limit key to 429 on a cheap GET, then stops (one 429 of the 11 a window allows,
 * so the key is never banned). Every answer is checked like any other; on top, Remaining must fall
 * by exactly one a request, and the 429 must be `rate_limit_exceeded`. Runs last: it leaves the
 * key limited until its window resets (up to a minute).
 */
export async function runRateLimitCase(run: CaseRun): Promise<{ skipped?: string } | undefined> {
  const { ctx, planned } = run;
  const operation = ctx.plan.index.byId(planned.operationId)!;
  const key = ctx.keys['rate-limit-key'] ?? '';
  const request = buildRequest(ctx.plan, ctx.options.baseUrl, ctx.keys, planned.request, run.ids);
  // Politely first: a key still limited by an earlier run waits for its window to reset.
  const { attempts, waitedMs } = await sendPolitely(ctx.transport, request, politeOptions(ctx, planned.id));
  run.waitedMs += waitedMs;
  for (const attempt of attempts) run.record(attempt, operation, {});
  const first = attempts.at(-1)!;
  const remaining = parseWholeNumber(first.response.headers['x-ratelimit-remaining']);
  if (remaining === undefined) throw new SetupError('the first answer has no X-RateLimit-Remaining to count down from');
  if (remaining > MAX_COUNTDOWN) {
    return { skipped: `X-RateLimit-Remaining is ${remaining} for ${maskSecret(key)}: reaching 429 would take ${remaining + 1} requests (the case gives up above ${MAX_COUNTDOWN}); pass --rate-limit-key with a key of a smaller plan` };
  }

  // The error code is the Petstore's; another document's 429 body may have no `code`.
  const codeDocumented = documentedBodyProperty(operation, 429, 'code') !== undefined;
  const sequence: Exchange[] = [first];
  const recordedBefore = run.exchanges.length;
  for (let i = 0; i <= remaining + 2; i++) {
    const exchange = await ctx.transport.send(request);
    sequence.push(exchange);
    const limited = exchange.response.status === 429;
    run.record(exchange, operation, limited ? { expectedStatuses: ['429'], ...(codeDocumented ? { expectedCode: 'rate_limit_exceeded' } : {}) } : {});
    if (limited) break;
  }
  const countdown = run.exchanges.splice(recordedBefore);
  const kept = countdown.length <= KEEP_AT_EACH_END * 2 ? countdown : [...countdown.slice(0, KEEP_AT_EACH_END), ...countdown.slice(-KEEP_AT_EACH_END)];
  run.exchanges.push(...kept);
  if (kept.length < countdown.length) run.notes.push(`${countdown.length + 1} requests sent; the first and last ${KEEP_AT_EACH_END} of the countdown are recorded, every one was checked`);

  const last = sequence.at(-1)!;
  if (last.response.status !== 429) {
    run.failures.push({
      check: 'rate-limit-countdown',
      message: `${sequence.length} requests after X-RateLimit-Remaining said ${remaining}, still no 429`,
      expected: `429 after ${remaining} more requests`,
      actual: String(last.response.status),
      location: 'status',
    });
  }
  run.failures.push(...rateLimitCountdown(sequence));
  const reset = parseWholeNumber(last.response.headers['x-ratelimit-reset']);
  run.notes.push(`${maskSecret(key)} stays limited until its window resets${reset !== undefined ? ` (${new Date(reset * 1000).toISOString()})` : ''}`);
  return undefined;
}
