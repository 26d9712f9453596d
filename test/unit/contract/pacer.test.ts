import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import type { Exchange } from '../../../src/contract/events.js';
import { ContractRunError } from '../../../src/contract/contract-error.js';
import { normalizeOptions } from '../../../src/contract/options.js';
import { createPacer, RESET_MARGIN_MS } from '../../../src/contract/pacer.js';
import { sendPolitely } from '../../../src/contract/polite-client.js';
import { readRateLimit } from '../../../src/contract/rate-limit-reading.js';
import type { OutgoingRequest, Transport } from '../../../src/contract/transport.js';

const NOW = Date.UTC(2026, 10, 28, 6, 0, 10); // 10 s into a minute

describe('reading an answer\'s rate limit', () => {
  it('reads the IETF draft field, the binding (fewest left) of several policies', () => {
    expect(readRateLimit({ ratelimit: '"minute";r=0;t=31' }, NOW)).toEqual({ remaining: 0, resetAt: NOW + 31_000 });
    expect(readRateLimit({ ratelimit: '"day";r=900;t=50000, "minute";r=4;t=20' }, NOW)).toEqual({ remaining: 4, resetAt: NOW + 20_000 });
  });

  it('reads the older split draft fields (reset in seconds)', () => {
    expect(readRateLimit({ 'ratelimit-remaining': '2', 'ratelimit-reset': '7' }, NOW)).toEqual({ remaining: 2, resetAt: NOW + 7000 });
  });

  it('reads X-RateLimit-Reset as a unix time measured from the answer\'s Date, or as seconds from now when small', () => {
    const date = new Date(NOW - 5000).toUTCString(); // the target's clock is 5 s behind ours
    const reset = String(Math.floor((NOW - 5000) / 1000) + 50);
    expect(readRateLimit({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset, date }, NOW)).toEqual({ remaining: 0, resetAt: NOW + 50_000 });
    expect(readRateLimit({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset }, NOW)?.resetAt).toBe(Number(reset) * 1000);
    expect(readRateLimit({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '42' }, NOW)).toEqual({ remaining: 3, resetAt: NOW + 42_000 });
  });

  it('reads nothing from an answer without rate-limit headers', () => {
    expect(readRateLimit({ 'content-type': 'application/json' }, NOW)).toBeUndefined();
  });
});

describe('the pacer', () => {
  it('asks for no wait while the last answer left requests, then waits out the window once it left none', () => {
    const pacer = createPacer();
    pacer.observe('key', { ratelimit: '"minute";r=1;t=50' }, NOW);
    expect(pacer.before('key', NOW).ms).toBe(0);
    pacer.observe('key', { ratelimit: '"minute";r=0;t=50' }, NOW);
    expect(pacer.before('key', NOW)).toMatchObject({ ms: 50_000 + RESET_MARGIN_MS });
    // The window has turned: nothing is known of the new one until its first answer.
    expect(pacer.before('key', NOW + 50_200).ms).toBe(0);
    // Without a ceiling, a wait the clock did not see pass holds nothing after it.
    pacer.observe('key', { ratelimit: '"minute";r=0;t=50' }, NOW);
    expect(pacer.before('key', NOW).ms).toBe(50_000 + RESET_MARGIN_MS);
    expect(pacer.before('key', NOW).ms).toBe(0);
    expect(pacer.pacedMs).toBe(2 * (50_000 + RESET_MARGIN_MS));
  });

  it('holds only the credential whose window is used up', () => {
    const pacer = createPacer();
    pacer.observe('used-up', { ratelimit: '"minute";r=0;t=10' }, NOW);
    expect(pacer.before('other', NOW).ms).toBe(0);
    expect(pacer.before('used-up', NOW).ms).toBe(10_000 + RESET_MARGIN_MS);
  });

  it('spreads requests evenly under a --rate-limit ceiling', () => {
    const pacer = createPacer({ count: 4, perMs: 1000 });
    expect(pacer.before('a', NOW).ms).toBe(0);
    expect(pacer.before('b', NOW + 100)).toEqual({ ms: 150, reason: '--rate-limit 4/s' });
    expect(pacer.before('a', NOW + 1000).ms).toBe(0);
  });
});

describe('--rate-limit', () => {
  it('takes N/s or N/m, and refuses anything else naming the flag', () => {
    expect(normalizeOptions({ baseUrl: 'http://127.0.0.1:1', rateLimit: '20/s' }).rateLimit).toEqual({ count: 20, perMs: 1000 });
    expect(normalizeOptions({ baseUrl: 'http://127.0.0.1:1', rateLimit: '300/m' }).rateLimit).toEqual({ count: 300, perMs: 60_000 });
    expect(normalizeOptions({ baseUrl: 'http://127.0.0.1:1' }).rateLimit).toBeUndefined();
    for (const bad of ['0/s', '5/h', 'fast', '1.5/s']) {
      expect(() => normalizeOptions({ baseUrl: 'http://127.0.0.1:1', rateLimit: bad })).toThrow(new ContractRunError(`--rate-limit must be N/s or N/m with N a whole number >= 1 (got '${bad}')`));
    }
  });
});

/**
 * A target with a fixed one-minute window of `limit` requests per credential, on the test's
 * clock, answering the mock's headers; 429 once the window is used up.
 */
function fixedWindowTarget(clock: ManualClock, limit: number) {
  const counts = new Map<number, number>();
  const statuses: number[] = [];
  const transport: Transport = {
    async send(request: OutgoingRequest): Promise<Exchange> {
      const window = Math.floor(clock.now() / 60_000);
      const used = (counts.get(window) ?? 0) + 1;
      const resetSeconds = Math.ceil(((window + 1) * 60_000 - clock.now()) / 1000);
      const status = used > limit ? 429 : 200;
      if (status === 200) counts.set(window, used);
      statuses.push(status);
      const headers: Record<string, string> = { ratelimit: `"minute";r=${Math.max(0, limit - used)};t=${resetSeconds}` };
      if (status === 429) headers['retry-after'] = String(resetSeconds);
      return { request: { method: request.method, url: request.url, headers: request.headers }, response: { status, headers, body: null, text: '' }, durationMs: 1 };
    },
  };
  return { transport, statuses };
}

describe('sending paced', () => {
  it('meets no 429 from a target allowing 3 requests a minute, sending 10 over four windows', async () => {
    const clock = new ManualClock(NOW);
    const target = fixedWindowTarget(clock, 3);
    const pacer = createPacer();
    const budget = { maxMs: 0, spentMs: 0 };
    const waits: { ms: number; paced?: boolean }[] = [];
    const options = { sleep: async (ms: number) => clock.set(clock.now() + ms), clock, budget, pacer, onWait: (ms: number, _reason: string, paced?: boolean) => void waits.push({ ms, ...(paced ? { paced } : {}) }) };
    for (let i = 0; i < 10; i++) {
      await sendPolitely(target.transport, { method: 'GET', url: 'http://127.0.0.1:1/pets', headers: { 'x-api-key': 'k' } }, options);
      clock.set(clock.now() + 10);
    }
    expect(target.statuses).toEqual(Array(10).fill(200));
    // Three waits, each for the window to turn, none of them on a refusal (--max-wait 0 was never touched).
    expect(waits).toHaveLength(3);
    expect(waits.every((w) => w.paced)).toBe(true);
    expect(budget.spentMs).toBe(0);
    expect(pacer.pacedMs).toBe(waits.reduce((sum, w) => sum + w.ms, 0));
  });
});
