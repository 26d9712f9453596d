/**
 * A Redis emptied under two mock processes (FLUSHALL, or a restart without persistence the
 * processes did not see) must not make one process serve, and write back, what it read before:
 * issue 22 item 5, where the version counter started again, a process's cached version matched
 * the new one by chance, and its next 201 wrote its pre-flush state over six pets the other
 * process had acknowledged. Needs `npm run build` (the built CLI).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { callJson, startMockProcess, type MockProcess } from '../../helpers/mock-processes.js';
import { connectRedis } from '../../../src/redis/redis-client.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';

const PREFIX = `flush-${process.pid}:`;
const PRO = { 'X-API-Key': 'demo-pro' };
let redis: TestRedis;
let client: Redis;
let a: MockProcess;
let b: MockProcess;

beforeAll(async () => {
  // A server of our own: the test empties it.
  redis = await startTestRedis({ own: true });
  client = await connectRedis(redis.url);
  const args = ['--store', redis.url, '--store-prefix', PREFIX];
  [a, b] = await Promise.all([startMockProcess(args), startMockProcess(args)]);
}, 60_000);

afterAll(async () => {
  client?.disconnect();
  await Promise.all([a?.stop(), b?.stop()]);
  await redis?.stop();
});

const counter = async () => Number(await client.get(`${PREFIX}versions`));
const names = async (mock: MockProcess): Promise<string[]> => {
  const listed = await callJson(mock, PRO, 'GET', '/pets?limit=100');
  expect(listed.status).toBe(200);
  return listed.body.map((p: { name: string }) => p.name);
};
const create = async (mock: MockProcess, name: string) => expect((await callJson(mock, PRO, 'POST', '/pets', { name, categoryId: 1 })).status).toBe(201);

describe('FLUSHALL under two processes', () => {
  it('loses none of the writes acknowledged after it: the other process reads them and writes after them', async () => {
    for (let i = 1; i <= 6; i++) await create(b, `Old${i}`);
    const before = await counter();
    expect(await names(b)).toContain('Old6');
    await client.flushall();
    // As many writes through A as B made before: with a counter that starts again, the version B holds comes round again.
    for (let i = 1; i <= 6; i++) await create(a, `New${i}`);
    const after = await counter();
    console.log(`versions counter: ${before} before FLUSHALL, ${after} after six writes`);
    const seenByB = await names(b);
    expect(seenByB).toEqual(expect.arrayContaining(['New1', 'New2', 'New3', 'New4', 'New5', 'New6']));
    expect(seenByB).not.toContain('Old6');
    await create(b, 'Later');
    expect(await names(a)).toEqual(expect.arrayContaining(['New1', 'New2', 'New3', 'New4', 'New5', 'New6', 'Later']));
  }, 60_000);
});
