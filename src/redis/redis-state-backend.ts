/**
 * The state backend of `--store redis://...`: every session's counters, clock, faults and journal
 * under one key prefix, so any number of mock processes on one Redis behave as one server.
 * Layout: docs/redis-layout.md.
 */
import type { Redis } from 'ioredis';
import type { StateBackend } from '../mock/state-backend.js';
import { createRedisRateLimitStore } from '../rate-limit/redis-rate-limit-store.js';
import { connectRedis, deleteByPrefix, redactUrl, redisCall } from './redis-client.js';
import { createRedisClock, createRedisFaults, createRedisJournal } from './redis-session-state.js';

/**
 * A session's keys start `<prefix>s:<name>:` with the name percent-encoded: `:` cannot appear in
 * it then, so resetting session `a` (everything under `s:a:`) never touches session `a:b`.
 */
export function sessionPrefix(prefix: string, session: string): string {
  return `${prefix}s:${encodeURIComponent(session)}:`;
}

export function createRedisStateBackend(client: Redis, url: string, prefix: string): StateBackend {
  const own = (session: string) => sessionPrefix(prefix, session);
  return {
    description: `redis ${redactUrl(url)} (prefix ${prefix})`,
    rateLimits: (session, policy) => createRedisRateLimitStore(client, `${own(session)}rl:`, policy),
    anonymousRateLimits: (policy) => createRedisRateLimitStore(client, `${prefix}anon:rl:`, policy),
    clock: (session, base) => createRedisClock(client, `${own(session)}clock`, base),
    faults: (session) => createRedisFaults(client, `${own(session)}faults`),
    journal: (session, capacity) => createRedisJournal(client, `${own(session)}journal`, capacity),
    resetAll: async () => {
      await redisCall(() => deleteByPrefix(client, `${prefix}s:`));
      await redisCall(() => deleteByPrefix(client, `${prefix}anon:`));
    },
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/** Connects (an unreachable Redis throws StoreUnavailableError naming the URL) and builds the backend. */
export async function openRedisStateBackend(url: string, prefix: string): Promise<StateBackend> {
  return createRedisStateBackend(await connectRedis(url), url, prefix);
}
