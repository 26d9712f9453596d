/**
 * The session cap (`sessions.max` of the config file) on Redis (issue 22, low item: a client naming
 * a new session per request left 9 KB per name in Redis for a day, without bound). Two processes on
 * one Redis, a cap of 3 (the default session and two named ones): the least recently used named
 * session loses its state, whichever process served it, and the ones in use keep theirs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../../src/redis/redis-client.js';
import { callJson, keyAndSession, startMockProcess, type MockProcess } from '../../helpers/mock-processes.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';

const PREFIX = `cap-${process.pid}:`;
let redis: TestRedis;
let client: Redis;
let a: MockProcess;
let b: MockProcess;

beforeAll(async () => {
  redis = await startTestRedis();
  client = await connectRedis(redis.url);
  const config = join(mkdtempSync(join(tmpdir(), 'session-cap-')), 'config.json');
  writeFileSync(config, JSON.stringify({ sessions: { max: 3 } }));
  const args = ['--store', redis.url, '--store-prefix', PREFIX, '--config', config];
  [a, b] = await Promise.all([startMockProcess(args), startMockProcess(args)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  client?.disconnect();
  await redis?.stop();
});

const named = async (mock: MockProcess, session: string, pet: string) => {
  const made = await callJson(mock, keyAndSession({ key: 'demo-business', session }), 'POST', '/pets', { name: pet, categoryId: 1 });
  expect(made.status).toBe(201);
};
const names = async (mock: MockProcess, session: string) =>
  ((await callJson(mock, keyAndSession({ key: 'demo-business', session }), 'GET', '/pets?limit=100')).body as Array<{ name: string }>).map((p) => p.name);

describe('sessions.max on Redis', () => {
  it('removes the least recently used named session past the cap, and keeps the ones in use', async () => {
    await named(a, 'one', 'Pet of one');
    await named(b, 'two', 'Pet of two');
    expect(await client.exists(`${PREFIX}s:one:pack:petstore`)).toBe(1);
    await named(a, 'three', 'Pet of three');
    expect(await client.exists(`${PREFIX}s:one:pack:petstore`, `${PREFIX}s:one:journal`)).toBe(0);
    expect(await client.zrange(`${PREFIX}sessions`, 0, -1)).toEqual([`${PREFIX}s:two:`, `${PREFIX}s:three:`]);
    expect(await names(b, 'two')).toContain('Pet of two');
    expect(await names(a, 'three')).toContain('Pet of three');
    // Session one starts again from the seed data, on the process that served it as on the other.
    expect(await names(a, 'one')).not.toContain('Pet of one');
  });

  it('keeps Redis bounded when every request names a new session', async () => {
    for (let i = 0; i < 40; i++) await named(i % 2 ? a : b, `flood-${i}`, `Pet ${i}`);
    expect(await client.zcard(`${PREFIX}sessions`)).toBe(2);
    const documents = await client.keys(`${PREFIX}s:flood-*:pack:petstore`);
    expect(documents.length).toBeLessThanOrEqual(2);
  });
});
