/**
 * Three real mock processes on one Redis behave as one server: limits exact in total, bans,
 * faults, clock moves and resets made through one hold on all, sessions isolated, one journal,
 * and a Redis outage answered 503 with Retry-After until Redis is back. Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, keyAndSession, startMockProcess, runCli, type MockProcess } from '../../helpers/mock-processes.js';
import { connectRedis } from '../../../src/redis/redis-client.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';

let redis: TestRedis;
let mocks: MockProcess[] = [];
const PREFIX = `mp-${process.pid}:`;
const T = '2027-03-01T10:00:05.000Z';

beforeAll(async () => {
  redis = await startTestRedis({ own: true });
  mocks = await Promise.all([0, 1, 2].map(() => startMockProcess(['--store', redis.url, '--store-prefix', PREFIX])));
}, 60_000);

afterAll(async () => {
  await Promise.all(mocks.map((m) => m.stop()));
  await redis?.stop();
});

async function call(mock: MockProcess, method: string, path: string, options: { key?: string; session?: string; body?: unknown } = {}) {
  return callJson(mock, keyAndSession(options), method, path, options.body);
}

/** A session of its own for each test, its clock frozen so no minute boundary splits a window. */
async function freshSession(name: string): Promise<string> {
  const session = `${name}-${process.pid}`;
  expect((await call(mocks[0]!, 'POST', '/__admin/clock', { session, body: { set: T } })).status).toBe(200);
  return session;
}

describe('three mock processes on one Redis', () => {
  it('count a Free key exactly: 60 allowed in total, the 61st is 429 wherever it lands', async () => {
    const session = await freshSession('limits');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await call(mocks[i % 3]!, 'GET', '/pets?limit=1', { key: 'demo-free', session })).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    for (const mock of mocks) {
      const over = await call(mock, 'GET', '/pets', { key: 'demo-free', session });
      expect([429, 403]).toContain(over.status);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    const usage = await call(mocks[1]!, 'GET', '/__admin/keys/demo-free', { session });
    expect(usage.body.usage).toEqual({ minute: 60, day: 60 });
  });

  it('count concurrent requests exactly: 90 raced through three processes give 60 allowed', async () => {
    const session = await freshSession('race');
    const all = await Promise.all(Array.from({ length: 90 }, (_, i) => call(mocks[i % 3]!, 'GET', '/pets?limit=1', { key: 'demo-free', session })));
    expect(all.filter((r) => r.status === 200)).toHaveLength(60);
    expect(all.every((r) => r.status === 200 || r.status === 429 || r.status === 403)).toBe(true);
  });

  it('hold a ban made through one on all', async () => {
    const session = await freshSession('ban');
    expect((await call(mocks[0]!, 'POST', '/__admin/keys/demo-pro/ban', { session })).status).toBe(200);
    for (const mock of mocks) {
      const res = await call(mock, 'GET', '/pets', { key: 'demo-pro', session });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('key_banned');
    }
    expect((await call(mocks[2]!, 'POST', '/__admin/keys/demo-pro/unban', { session })).status).toBe(200);
    expect((await call(mocks[1]!, 'GET', '/pets', { key: 'demo-pro', session })).status).toBe(200);
  });

  it('use a fault set through one exactly `times` times across all', async () => {
    const session = await freshSession('fault');
    expect((await call(mocks[0]!, 'POST', '/__admin/faults', { session, body: { path: '/pets', times: 2, status: 503 } })).status).toBe(201);
    expect((await call(mocks[1]!, 'GET', '/__admin/faults', { session })).body).toEqual([{ path: '/pets', times: 2, status: 503 }]);
    const statuses = [];
    for (const mock of mocks) statuses.push((await call(mock, 'GET', '/pets', { key: 'demo-pro', session })).status);
    expect(statuses).toEqual([503, 503, 200]);
    expect((await call(mocks[0]!, 'GET', '/__admin/faults', { session })).body).toEqual([]);
  });

  it('share a clock move, and keep sessions apart', async () => {
    const session = await freshSession('clock');
    const moved = await call(mocks[1]!, 'POST', '/__admin/clock', { session, body: { advanceSeconds: 3600 } });
    expect(moved.body).toEqual({ now: '2027-03-01T11:00:05.000Z', frozen: true });
    for (const mock of mocks) {
      expect((await call(mock, 'GET', '/__admin/clock', { session })).body.now).toBe('2027-03-01T11:00:05.000Z');
      const res = await call(mock, 'GET', '/pets', { key: 'demo-pro', session });
      expect(res.headers.get('date')).toBe('Mon, 01 Mar 2027 11:00:05 GMT');
    }
    expect((await call(mocks[2]!, 'GET', '/__admin/clock', { session: `other-${process.pid}` })).body.frozen).toBe(false);
  });

  it('reset a session through one for all, leaving other sessions alone', async () => {
    const session = await freshSession('reset');
    const other = await freshSession('untouched');
    await call(mocks[0]!, 'GET', '/pets', { key: 'demo-free', session });
    await call(mocks[1]!, 'GET', '/pets', { key: 'demo-free', session: other });
    await call(mocks[1]!, 'POST', '/__admin/faults', { session, body: { times: 5, status: 500 } });
    expect((await call(mocks[2]!, 'POST', '/__admin/reset', { session })).status).toBe(204);
    const after = await call(mocks[0]!, 'GET', '/__admin/keys/demo-free', { session });
    expect(after.body.usage).toEqual({ minute: 0, day: 0 });
    expect((await call(mocks[1]!, 'GET', '/__admin/faults', { session })).body).toEqual([]);
    expect((await call(mocks[1]!, 'GET', '/__admin/clock', { session })).body.frozen).toBe(false);
    expect((await call(mocks[0]!, 'GET', '/__admin/requests', { session })).body).toEqual([]);
    expect((await call(mocks[2]!, 'GET', '/__admin/keys/demo-free', { session: other })).body.usage).toEqual({ minute: 1, day: 1 });
  });

  it('serve one set of records: created through one, read, listed and deleted through the others', async () => {
    const session = await freshSession('records');
    const name = `Shared-${process.pid}`;
    const created = await call(mocks[0]!, 'POST', '/pets', { key: 'demo-business', session, body: { name, categoryId: 1 } });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await call(mocks[1]!, 'GET', `/pets/${id}`, { key: 'demo-business', session })).body).toEqual(created.body);
    const listed = await call(mocks[2]!, 'GET', `/pets?name=${name}`, { key: 'demo-business', session });
    expect(listed.body.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await call(mocks[1]!, 'DELETE', `/pets/${id}`, { key: 'demo-business', session })).status).toBe(204);
    expect((await call(mocks[0]!, 'GET', `/pets/${id}`, { key: 'demo-business', session })).status).toBe(404);
    const next = await call(mocks[2]!, 'POST', '/pets', { key: 'demo-business', session, body: { name, categoryId: 1 } });
    expect(next.body.id).toBe(id + 1);
    expect((await call(mocks[0]!, 'GET', `/pets/${id + 1}`, { key: 'demo-business', session: `other-${process.pid}` })).status).toBe(404);
  });

  it('give exactly 10 of 30 orders raced through three processes at a stock of 10', async () => {
    const session = await freshSession('orders');
    const pet = await call(mocks[0]!, 'POST', '/pets', { key: 'demo-business', session, body: { name: 'Raced', categoryId: 1 } });
    expect((await call(mocks[1]!, 'PUT', `/store/inventory/${pet.body.id}`, { key: 'demo-business', session, body: { quantity: 10 } })).status).toBe(200);
    const orders = await Promise.all(Array.from({ length: 30 }, (_, i) => call(mocks[i % 3]!, 'POST', '/store/orders', { key: 'demo-business', session, body: { petId: pet.body.id, quantity: 1 } })));
    expect(orders.filter((o) => o.status === 201)).toHaveLength(10);
    // The last unit sold marks the pet sold: later orders meet that before the empty stock.
    expect(orders.filter((o) => o.status === 409).every((o) => ['insufficient_stock', 'pet_not_available'].includes(o.body.code))).toBe(true);
    expect(orders.filter((o) => o.status === 409)).toHaveLength(20);
    expect(new Set(orders.filter((o) => o.status === 201).map((o) => o.body.id)).size).toBe(10);
    expect((await call(mocks[2]!, 'GET', `/store/inventory/${pet.body.id}`, { key: 'demo-business', session })).body.quantity).toBe(0);
  });

  it('share a key added or removed through one', async () => {
    const session = await freshSession('keys');
    const key = `qa-shared-${process.pid}`;
    expect((await call(mocks[1]!, 'GET', '/pets', { key, session })).status).toBe(401);
    const added = await call(mocks[0]!, 'POST', '/__admin/keys', { body: { key, plan: 'Free' } });
    expect(added.status).toBe(201);
    expect((await call(mocks[2]!, 'POST', '/__admin/keys', { body: { key, plan: 'Pro' } })).status).toBe(409);
    for (const mock of mocks) expect((await call(mock, 'GET', '/pets', { key, session })).status).toBe(200);
    expect((await call(mocks[2]!, 'GET', `/__admin/keys/${key}`, { session })).body).toMatchObject({ plan: 'Free', usage: { minute: 3, day: 3 } });
    expect((await call(mocks[1]!, 'DELETE', '/__admin/keys/demo-business')).status).toBe(204);
    for (const mock of mocks) expect((await call(mock, 'GET', '/pets', { key: 'demo-business', session })).status).toBe(401);
    expect((await call(mocks[2]!, 'DELETE', `/__admin/keys/${key}`)).status).toBe(204);
    expect((await call(mocks[0]!, 'GET', '/pets', { key, session })).status).toBe(401);
  });

  it('give a named session an idle expiry and the default session none', async () => {
    const session = await freshSession('expiry');
    await call(mocks[0]!, 'GET', '/pets', { key: 'demo-pro', session });
    await call(mocks[0]!, 'GET', '/pets', { key: 'demo-pro' });
    const client = await connectRedis(redis.url);
    try {
      const named = `${PREFIX}s:${session}:`;
      for (const suffix of ['clock', 'journal']) {
        const ttl = await client.pttl(named + suffix);
        expect(ttl).toBeGreaterThan(23 * 3600_000);
        expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
      }
      expect(await client.pttl(`${PREFIX}s:default:journal`)).toBe(-1);
    } finally {
      client.disconnect();
    }
  });

  it('keep one journal of the requests every process served', async () => {
    const session = await freshSession('journal');
    for (const [i, mock] of mocks.entries()) await call(mock, 'GET', `/pets?limit=${i + 1}`, { key: 'demo-pro', session });
    const journal = (await call(mocks[0]!, 'GET', '/__admin/requests', { session })).body as { path: string; status: number; time: string }[];
    expect(journal.map((e) => e.path)).toEqual(['/pets', '/pets', '/pets']);
    expect(journal.every((e) => e.status === 200 && e.time === T)).toBe(true);
  });

  it('answer 503 store_unavailable with Retry-After while Redis is down, stay alive, and recover by themselves', async () => {
    const session = await freshSession('outage');
    await redis.kill();
    for (const mock of mocks) {
      const res = await call(mock, 'GET', '/pets', { key: 'demo-pro', session });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.body).toMatchObject({ code: 'store_unavailable', status: 503 });
      const admin = await call(mock, 'GET', '/__admin/faults', { session });
      expect(admin.status).toBe(503);
      expect(admin.headers.get('retry-after')).toBe('1');
    }
    await redis.restart();
    // The client reconnects in the background (at most a second apart); answers wait for nothing.
    for (const mock of mocks) {
      let status = 0;
      for (let tries = 0; tries < 400 && status !== 200; tries++) {
        status = (await call(mock, 'GET', '/pets', { key: 'demo-pro', session })).status;
        if (status !== 200) await new Promise((r) => setImmediate(r));
      }
      expect(status).toBe(200);
      expect(mock.child.exitCode).toBeNull();
    }
  }, 30_000);
});

describe('the mock with --store', () => {
  it('exits 2 naming the URL (password redacted) when Redis cannot be reached at start', async () => {
    const { code, stderr } = await runCli(['mock', '--port', '0', '--store', 'redis://qa:secret@127.0.0.1:1/0']);
    expect(code).toBe(2);
    expect(stderr).toContain('cannot reach Redis at redis://qa:***@127.0.0.1:1/0');
    expect(stderr).not.toContain('secret');
  });

  it('closes its Redis connection on SIGTERM and exits 0', async () => {
    const client = await connectRedis(redis.url);
    try {
      const clients = async () => String(await client.client('LIST')).trim().split('\n').length;
      const before = await clients();
      const extra = await startMockProcess(['--store', redis.url, '--store-prefix', PREFIX]);
      expect(await clients()).toBe(before + 1);
      expect(await extra.stop()).toBe(0);
      expect(await clients()).toBe(before);
    } finally {
      client.disconnect();
    }
  });

  it('refuses a --store that is not a redis:// URL', async () => {
    const { code, stderr } = await runCli(['mock', '--port', '0', '--store', 'http://127.0.0.1:6379']);
    expect(code).toBe(2);
    expect(stderr).toContain('--store must be a redis:// or rediss:// URL');
  });
});
