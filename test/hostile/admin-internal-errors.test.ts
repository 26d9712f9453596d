/**
 * A 500 from the control API is written to the mock's log with its stack, as the API's own 500s are
 * (issue 22, low item: they were answered and forgotten, so nobody could say what broke). The way
 * to make one from outside: a shared Redis whose clock value something else overwrote with junk.
 */
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../src/redis/redis-client.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';
import { startTestRedis, type TestRedis } from '../helpers/redis-server.js';

const PREFIX = `admin-500-${process.pid}:`;
let redis: TestRedis;
let client: Redis;
let mock: MockProcess;

beforeAll(async () => {
  redis = await startTestRedis();
  client = await connectRedis(redis.url);
  mock = await startMockProcess(['--store', redis.url, '--store-prefix', PREFIX]);
}, 60_000);

afterAll(async () => {
  await mock?.stop();
  client?.disconnect();
  await redis?.stop();
});

describe('a 500 from /__admin', () => {
  it('is answered in the error shape and logged with the request and the stack', async () => {
    expect((await fetch(`${mock.url}/__admin/clock`)).status).toBe(200);
    await client.set(`${PREFIX}s:default:clock`, '{not a clock');
    const answer = await fetch(`${mock.url}/__admin/clock`);
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ code: 'internal_error', message: 'Internal error', status: 500 });
    // The log line may arrive on stderr just after the answer: wait for it by event, not by time.
    while (!/internal error on GET/.test(mock.stderr())) await new Promise((resolve) => mock.child.stderr!.once('data', resolve));
    expect(mock.stderr()).toMatch(/internal error on GET \/__admin\/clock: \w*Error/);
    expect(mock.stderr()).toMatch(/\n\s+at /);
  });
});
