/** Latency settings on the Redis backend: set through one mock, they hold on every mock sharing the store. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';
import { expectHeldFor } from '../../helpers/held-answer.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';

const T0 = Date.parse('2026-11-22T10:00:30.000Z');
const HEADERS = { 'X-API-Key': 'demo-enterprise', 'X-Mock-Session': `lat-${process.pid}`, 'Content-Type': 'application/json' };

describe('latency shared by replicas on Redis', () => {
  let redis: TestRedis;
  let clock: ManualClock;
  let a: RunningMock;
  let b: RunningMock;
  beforeAll(async () => {
    redis = await startTestRedis();
    clock = new ManualClock(T0);
    const prefix = `qa-latency-${process.pid}:`;
    a = await startMock({ clock, quiet: true, store: { url: redis.url, prefix } });
    b = await startMock({ clock, quiet: true, store: { url: redis.url, prefix } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('a latency set through one process holds the answers of the other, and a reset through it clears it', async () => {
    const set = await fetch(`${a.url}/__admin/latency`, { method: 'POST', headers: HEADERS, body: JSON.stringify({ path: '/pets', distribution: 'fixed', ms: 250 }) });
    expect(set.status).toBe(201);
    expect(await (await fetch(`${b.url}/__admin/latency`, { headers: HEADERS })).json()).toEqual([{ path: '/pets', distribution: 'fixed', ms: 250 }]);

    expect((await expectHeldFor(clock, 250, () => fetch(`${b.url}/pets`, { headers: HEADERS }))).status).toBe(200);
    const journal = (await (await fetch(`${a.url}/__admin/requests`, { headers: HEADERS })).json()) as { path: string; delayMs?: number }[];
    expect(journal.at(-1)).toMatchObject({ path: '/pets', delayMs: 250 });

    expect((await fetch(`${b.url}/__admin/reset`, { method: 'POST', headers: HEADERS })).status).toBe(204);
    expect(await (await fetch(`${a.url}/__admin/latency`, { headers: HEADERS })).json()).toEqual([]);
    expect((await fetch(`${a.url}/pets`, { headers: HEADERS })).status).toBe(200);
    expect(clock.waiting).toBe(0);
  });
});
