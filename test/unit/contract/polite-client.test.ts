import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import type { Exchange } from '../../../src/contract/events.js';
import { sendPolitely, WaitBudgetExceeded, type WaitBudget } from '../../../src/contract/polite-client.js';
import type { Transport } from '../../../src/contract/transport.js';
import { NOW, exchange, rateLimitHeaders } from '../../helpers/contract-exchange.js';

/** A transport answering from a script, and a sleep that only records (tests never sleep). */
function scripted(answers: Exchange[]) {
  const sent: string[] = [];
  const slept: number[] = [];
  const waits: { ms: number; reason: string }[] = [];
  const transport: Transport = {
    async send(request) {
      sent.push(`${request.method} ${request.url}`);
      const next = answers.shift();
      if (!next) throw new Error('script exhausted');
      return next;
    },
  };
  const options = (budget: WaitBudget) => ({
    sleep: async (ms: number) => void slept.push(ms),
    clock: new ManualClock(NOW),
    budget,
    onWait: (ms: number, reason: string) => void waits.push({ ms, reason }),
  });
  return { transport, sent, slept, waits, options };
}

const limited = (retryAfter?: string) => exchange({ status: 429, body: { code: 'rate_limit_exceeded', message: 'slow down', status: 429 }, headers: { ...rateLimitHeaders(0), 'retry-after': retryAfter } });
const ok = exchange({ status: 200, body: [] });
const request = { method: 'GET', url: 'http://127.0.0.1:4010/pets', headers: {} };

describe('the polite client', () => {
  it('waits Retry-After on a 429, retries, and reports the wait', async () => {
    const s = scripted([limited('3'), ok]);
    const budget = { maxMs: 120_000, spentMs: 0 };
    const { attempts, waitedMs } = await sendPolitely(s.transport, request, s.options(budget));
    expect(attempts.map((a) => a.response.status)).toEqual([429, 200]);
    expect(s.slept).toEqual([3000]);
    expect(waitedMs).toBe(3000);
    expect(budget.spentMs).toBe(3000);
    expect(s.waits).toEqual([{ ms: 3000, reason: 'GET /pets answered 429 with Retry-After 3 s; waiting 3 s before retry 1' }]);
  });

  it('backs off exponentially when the 429s repeat, and caps the backoff', async () => {
    const s = scripted([limited('1'), limited('1'), limited('1'), limited('1'), limited('1'), ok]);
    await sendPolitely(s.transport, request, { ...s.options({ maxMs: 600_000, spentMs: 0 }), backoffCapMs: 8000 });
    expect(s.slept).toEqual([1000, 2000, 4000, 8000, 8000]);
  });

  it('backs off without Retry-After too', async () => {
    const s = scripted([limited(undefined), ok]);
    await sendPolitely(s.transport, request, s.options({ maxMs: 10_000, spentMs: 0 }));
    expect(s.slept).toEqual([1000]);
  });

  it('reads Retry-After as an HTTP-date', async () => {
    const s = scripted([limited(new Date(NOW + 5000).toUTCString()), ok]);
    await sendPolitely(s.transport, request, s.options({ maxMs: 10_000, spentMs: 0 }));
    expect(s.slept).toEqual([5000]);
  });

  it('waits out a 403 key_banned within the budget', async () => {
    const banned = exchange({ status: 403, body: { code: 'key_banned', message: 'banned', status: 403 }, headers: { 'retry-after': '10' } });
    const s = scripted([banned, ok]);
    const { attempts } = await sendPolitely(s.transport, request, s.options({ maxMs: 60_000, spentMs: 0 }));
    expect(attempts).toHaveLength(2);
    expect(s.slept).toEqual([10_000]);
  });

  it('gives up when waiting would exceed --max-wait, keeping the attempts', async () => {
    const banned = exchange({ status: 403, body: { code: 'key_banned', message: 'banned', status: 403 }, headers: { 'retry-after': '900' } });
    const s = scripted([banned]);
    const error = await sendPolitely(s.transport, request, s.options({ maxMs: 120_000, spentMs: 0 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitBudgetExceeded);
    expect((error as Error).message).toBe('GET /pets answered 403 key_banned asking to wait 900 s; waiting 900 s more would exceed --max-wait 120 s (already waited 0 s)');
    expect((error as WaitBudgetExceeded).attempts).toHaveLength(1);
    expect(s.slept).toEqual([]);
  });

  it('counts the budget over the whole run, not per request', async () => {
    const s = scripted([limited('50'), ok, limited('50'), ok, limited('50')]);
    const budget = { maxMs: 120_000, spentMs: 0 };
    await sendPolitely(s.transport, request, s.options(budget));
    await sendPolitely(s.transport, request, s.options(budget));
    await expect(sendPolitely(s.transport, request, s.options(budget))).rejects.toThrow(/already waited 100 s/);
    expect(s.slept).toEqual([50_000, 50_000]);
  });

  it('once --max-wait is spent, sends nothing more until the time the target asked for: calling on through 429s would get the key banned', async () => {
    const s = scripted([limited('50'), limited('50'), ok]);
    const budget: WaitBudget = { maxMs: 10_000, spentMs: 0 };
    const clock = new ManualClock(NOW);
    await expect(sendPolitely(s.transport, request, { ...s.options(budget), clock })).rejects.toThrow(/would exceed --max-wait/);
    const error = await sendPolitely(s.transport, request, { ...s.options(budget), clock }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WaitBudgetExceeded);
    expect((error as Error).message).toBe('GET /pets not sent: the target asked to wait 50 s more and --max-wait 10 s is spent');
    expect((error as WaitBudgetExceeded).attempts).toEqual([]);
    expect(s.sent).toHaveLength(1);
    // Another credential (here a key where the refused request had none) is counted apart.
    const s2 = scripted([ok]);
    const keyed = { ...request, headers: { Authorization: 'Bearer k' } };
    expect((await sendPolitely(s2.transport, keyed, { ...s2.options(budget), clock })).attempts).toHaveLength(1);
    clock.advance(50);
    await expect(sendPolitely(s.transport, request, { ...s.options(budget), clock })).rejects.toThrow(/would exceed --max-wait/);
    expect(s.sent).toHaveLength(2);
  });

  it('does not retry a 403 forbidden, which waiting will not change', async () => {
    const forbidden = exchange({ status: 403, body: { code: 'forbidden', message: 'read-only', status: 403 } });
    const s = scripted([forbidden]);
    const { attempts } = await sendPolitely(s.transport, request, s.options({ maxMs: 120_000, spentMs: 0 }));
    expect(attempts.map((a) => a.response.status)).toEqual([403]);
  });
});
