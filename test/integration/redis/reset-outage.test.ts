/**
 * `POST /__admin/reset` on Redis is all or nothing: with Redis down it answers 503
 * store_unavailable with Retry-After: 1 and changes nothing; with Redis killed while the reset
 * runs, what Redis kept is the whole state or none of it. The Redis here writes an append-only
 * file before each reply, so after a restart it holds exactly what it acknowledged.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';
import { connectRedis } from '../../../src/redis/redis-client.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';
import { callJson, keyAndSession } from '../../helpers/mock-processes.js';

const PREFIX = `reset-${process.pid}:`;
let redis: TestRedis;
let mock: RunningMock;

beforeAll(async () => {
  redis = await startTestRedis({ own: true, persist: true });
  mock = await startMock({ quiet: true, store: { url: redis.url, prefix: PREFIX } });
}, 30_000);

afterAll(async () => {
  await mock?.close();
  await redis?.stop();
});

async function call(method: string, path: string, options: { key?: string; session?: string; body?: unknown } = {}) {
  return callJson(mock, keyAndSession(options), method, path, options.body);
}

/** Until the mock's client has reconnected after a restart (it retries in the background). */
async function untilServing(): Promise<void> {
  for (let tries = 0; tries < 2000; tries++) {
    if ((await call('GET', '/__admin/faults', { session: 'qa' })).status === 200) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('the mock did not reconnect');
}

/** State in every family of keys: records, counters (keyed and anonymous), clock, faults, journal. */
async function fillState(): Promise<void> {
  expect((await call('POST', '/pets', { key: 'demo-pro', body: { name: 'Kept', categoryId: 1 } })).status).toBe(201);
  expect((await call('POST', '/__admin/clock', { session: 'qa', body: { set: '2027-03-01T10:00:05Z' } })).status).toBe(200);
  expect((await call('POST', '/__admin/faults', { session: 'qa', body: { path: '/store/orders', times: 3, status: 500 } })).status).toBe(201);
  expect((await call('GET', '/pets', { key: 'demo-free', session: 'qa' })).status).toBe(200);
  expect((await call('GET', '/pets')).status).toBe(401);
}

/** The session and anonymous keys Redis holds, sorted (never the API keys, which resets leave). */
async function stateKeys(client: Redis): Promise<string[]> {
  const keys = [...(await client.keys(`${PREFIX}s:*`)), ...(await client.keys(`${PREFIX}anon:*`))];
  return keys.sort();
}

async function withClient<T>(use: (client: Redis) => Promise<T>): Promise<T> {
  const client = await connectRedis(redis.url);
  try {
    return await use(client);
  } finally {
    client.disconnect();
  }
}

beforeEach(async () => {
  await untilServing();
  expect((await call('POST', '/__admin/reset')).status).toBe(204);
  await fillState();
});

describe('a reset of the Redis store', () => {
  it('answers 503 store_unavailable with Retry-After: 1 while Redis is down, and leaves every key in place', async () => {
    const before = await withClient(stateKeys);
    expect(before.length).toBeGreaterThanOrEqual(6);
    await redis.kill();
    for (const session of [undefined, 'qa']) {
      const res = await call('POST', '/__admin/reset', { session });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.body).toMatchObject({ code: 'store_unavailable', status: 503 });
    }
    await redis.restart();
    expect(await withClient(stateKeys)).toEqual(before);
    await untilServing();
    expect((await call('GET', '/__admin/faults', { session: 'qa' })).body).toEqual([{ path: '/store/orders', times: 3, status: 500 }]);
    expect((await call('GET', '/__admin/clock', { session: 'qa' })).body).toEqual({ now: '2027-03-01T10:00:05.000Z', frozen: true });
    expect((await call('POST', '/__admin/reset')).status).toBe(204);
    expect(await withClient(stateKeys)).toEqual([]);
  }, 30_000);

  it('keeps all of the state or none of it when Redis is killed as the reset starts deleting', async () => {
    // Sessions enough that deleting them page by page would take many round trips.
    await withClient(async (client) => {
      const bulk = client.pipeline();
      for (let i = 0; i < 5000; i++) bulk.rpush(`${PREFIX}s:bulk-${i}:faults`, JSON.stringify({ times: 1, status: 500 }));
      await bulk.exec();
    });
    const before = await withClient(stateKeys);
    // MONITOR shows each command Redis runs (a script's own too): kill at the first delete.
    const url = new URL(redis.url);
    const monitor = spawn('redis-cli', ['-h', url.hostname, '-p', url.port, 'monitor'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let seen = '';
    let started!: () => void;
    const ready = new Promise<void>((resolve) => (started = resolve));
    const killed = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        seen += chunk.toString();
        if (seen.startsWith('OK')) started();
        if (/"(unlink|del)"/i.test(seen)) {
          monitor.stdout!.off('data', onData);
          resolve(redis.kill());
        }
      };
      monitor.stdout!.on('data', onData);
    });
    await ready;
    const answer = await call('POST', '/__admin/reset');
    await killed;
    monitor.kill();
    expect([204, 503]).toContain(answer.status);
    if (answer.status === 503) expect(answer.headers.get('retry-after')).toBe('1');
    await redis.restart();
    const after = await withClient(stateKeys);
    if (answer.status === 204) expect(after).toEqual([]);
    else expect([[], before]).toContainEqual(after);
  }, 30_000);
});
