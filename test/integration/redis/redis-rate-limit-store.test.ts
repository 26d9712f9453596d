/**
 * The Redis counter store against a real redis-server: the same decisions as the in-memory store
 * (the Lua script is decide() in Lua) for random request sequences, exact limits when many
 * clients race, and a clear StoreUnavailableError while Redis is down.
 */
import fc from 'fast-check';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from '../../../src/rate-limit/memory-rate-limit-store.js';
import { createRedisRateLimitStore } from '../../../src/redis/redis-rate-limit-store.js';
import type { BanPolicy, Limits, RateLimitStore } from '../../../src/rate-limit/types.js';
import { connectRedis, StoreUnavailableError } from '../../../src/redis/redis-client.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';

const POLICY: BanPolicy = { max429PerWindow: 3, banSeconds: 90 };
const START = Date.UTC(2026, 11, 1, 23, 58, 30);

let redis: TestRedis;
let client: Redis;
let run = 0;
const fresh = (policy = POLICY): RateLimitStore => createRedisRateLimitStore(client, `test:${process.pid}:${(run += 1)}:rl:`, policy);

beforeAll(async () => {
  redis = await startTestRedis();
  client = await connectRedis(redis.url);
});

afterAll(async () => {
  client?.disconnect();
  await redis?.stop();
});

type Step =
  | { kind: 'request'; subject: string; advanceMs: number }
  | { kind: 'ban'; subject: string; forMs: number }
  | { kind: 'unban'; subject: string };

const subjects = fc.constantFrom('key:a', 'key:b', 'addr:10.0.0.1');
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 12, arbitrary: fc.record({ kind: fc.constant('request' as const), subject: subjects, advanceMs: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 0, max: 5_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 200_000 }) }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ban' as const), subject: subjects, forMs: fc.integer({ min: 1, max: 300_000 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('unban' as const), subject: subjects }) },
);

describe('the Redis counter store', () => {
  it('decides every request as the in-memory store does (random sequences over window and day boundaries)', async () => {
    const limits: Limits = { perMinute: 4, perDay: 9 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 120, size: 'max' }), async (steps) => {
        const memory = createMemoryRateLimitStore(POLICY);
        const shared = fresh();
        let now = START;
        for (const s of steps) {
          if (s.kind === 'request') {
            now += s.advanceMs;
            expect(await shared.consume(s.subject, limits, now)).toEqual(await memory.consume(s.subject, limits, now));
          } else if (s.kind === 'ban') {
            await shared.ban(s.subject, now + s.forMs, now);
            await memory.ban(s.subject, now + s.forMs, now);
          } else {
            await shared.unban(s.subject);
            await memory.unban(s.subject);
          }
          expect(await shared.usage(s.subject, now)).toEqual(await memory.usage(s.subject, now));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('lets exactly the limit through when 200 requests race from 20 clients, then answers 429s and bans', async () => {
    const stores = Array.from({ length: 20 }, () => fresh());
    // All 20 stores share one prefix: point them at the same session.
    const prefix = `test:${process.pid}:race:rl:`;
    const clients = await Promise.all(stores.map(() => connectRedis(redis.url)));
    try {
      const racing = clients.map((c) => createRedisRateLimitStore(c, prefix, { max429PerWindow: 11, banSeconds: 900 }));
      const decisions = await Promise.all(Array.from({ length: 200 }, (_, i) => racing[i % 20]!.consume('key:race', { perMinute: 60, perDay: 1000 }, START)));
      const count = (outcome: string) => decisions.filter((d) => d.outcome === outcome).length;
      expect([count('allowed'), count('limited'), count('banned')]).toEqual([60, 11, 129]);
    } finally {
      for (const c of clients) c.disconnect();
    }
  });

  it('forgets everything of its session on clear, and nothing of another session', async () => {
    const a = createRedisRateLimitStore(client, `test:${process.pid}:s:a*[x]:rl:`, POLICY);
    const b = createRedisRateLimitStore(client, `test:${process.pid}:s:a:rl:`, POLICY);
    const limits = { perMinute: 5, perDay: 5 };
    await a.consume('key:k', limits, START);
    await b.consume('key:k', limits, START);
    await a.clear();
    expect((await a.usage('key:k', START)).minute).toBe(0);
    expect((await b.usage('key:k', START)).minute).toBe(1);
  });

  it("expires a subject a day after its day window (or its ban) ends by the mock's clock, whatever Redis's clock says", async () => {
    const DAY = 86_400_000;
    for (const start of [START, Date.UTC(2001, 0, 1, 23, 58, 30), Date.UTC(2090, 0, 1, 23, 58, 30)]) {
      const prefix = `test:${process.pid}:ttl:${start}:rl:`;
      const store = createRedisRateLimitStore(client, prefix, POLICY);
      await store.consume('key:t', { perMinute: 5, perDay: 5 }, start);
      const untilMidnight = 90_000;
      expect(await client.pttl(prefix + 'key:t')).toBeGreaterThan(untilMidnight + DAY - 5_000);
      expect(await client.pttl(prefix + 'key:t')).toBeLessThanOrEqual(untilMidnight + DAY);
      await store.ban('key:t', start + 3 * DAY, start);
      expect(await client.pttl(prefix + 'key:t')).toBeGreaterThan(4 * DAY - 5_000);
      expect((await store.consume('key:t', { perMinute: 5, perDay: 5 }, start)).outcome).toBe('banned');
    }
  });

  it('throws StoreUnavailableError at once while Redis is down, and works again when it is back', async () => {
    const own = await startTestRedis({ own: true });
    const c = await connectRedis(own.url);
    try {
      const store = createRedisRateLimitStore(c, 'outage:rl:', POLICY);
      const limits = { perMinute: 5, perDay: 5 };
      expect((await store.consume('key:o', limits, START)).outcome).toBe('allowed');
      await own.kill();
      await expect(store.consume('key:o', limits, START)).rejects.toBeInstanceOf(StoreUnavailableError);
      await own.restart();
      await expect.poll(async () => (await store.consume('key:o', limits, START).catch((e: Error) => e.name)) !== 'StoreUnavailableError', { timeout: 5000, interval: 50 }).toBe(true);
      expect((await store.usage('key:o', START)).minute).toBeGreaterThanOrEqual(1);
    } finally {
      c.disconnect();
      await own.stop();
    }
  });
});
