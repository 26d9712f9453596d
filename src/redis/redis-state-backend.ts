/**
 * The state backend of `--store redis://...`: every session's counters, clock, faults and journal
 * under one key prefix, so any number of mock processes on one Redis behave as one server.
 * Layout: docs/redis-layout.md.
 */
import type { Redis } from 'ioredis';
import type { StateBackend } from '../mock/state-backend.js';
import { createRedisRateLimitStore } from '../rate-limit/redis-rate-limit-store.js';
import { connectRedis, deleteByPrefix, redactUrl, redisCall } from './redis-client.js';
import { createRedisDocument } from './redis-document.js';
import { createRedisKeys, type SharedKeys } from './redis-keys.js';
import { createRedisClock, createRedisFaults, createRedisJournal, type SessionKeys } from './redis-session-state.js';
import { DEFAULT_SESSION } from '../mock/session.js';

/**
 * A session's keys start `<prefix>s:<name>:` with the name percent-encoded: `:` cannot appear in
 * it then, so resetting session `a` (everything under `s:a:`) never touches session `a:b`.
 */
export function sessionPrefix(prefix: string, session: string): string {
  return `${prefix}s:${encodeURIComponent(session)}:`;
}

/**
 * How long a session nobody uses keeps its state in Redis: its cap in memory becomes this expiry
 * (every request and admin call starts it again). The default session never expires.
 */
export const SESSION_IDLE_MS = 24 * 60 * 60 * 1000;

export function createRedisStateBackend(client: Redis, url: string, prefix: string, idleMs = SESSION_IDLE_MS): StateBackend {
  let keys: SharedKeys | undefined;
  // The same kinds for every session (the packs in use, the records): learnt as they are made.
  const kinds = new Set<string>();
  const own = (session: string): SessionKeys => ({
    prefix: sessionPrefix(prefix, session),
    ttlMs: session === DEFAULT_SESSION ? 0 : idleMs,
    keysVersion: `${prefix}keys:version`,
    onKeysVersion: async (version) => keys?.seen(version),
    documents: () => [...kinds],
  });
  return {
    description: `redis ${redactUrl(url)} (prefix ${prefix})`,
    rateLimits: (session, policy) => createRedisRateLimitStore(client, `${own(session).prefix}rl:`, policy),
    anonymousRateLimits: (policy) => createRedisRateLimitStore(client, `${prefix}anon:rl:`, policy),
    clock: (session, base) => createRedisClock(client, own(session), base),
    faults: (session) => createRedisFaults(client, own(session)),
    journal: (session, capacity) => createRedisJournal(client, own(session), capacity),
    keys: (registry) => (keys = createRedisKeys(client, prefix, registry)),
    documents: (session, kind) => {
      kinds.add(kind);
      return createRedisDocument(client, `${own(session).prefix}${kind}`, `${prefix}versions`, own(session).ttlMs);
    },
    resetSession: async (session) => {
      await redisCall(() => deleteByPrefix(client, own(session).prefix));
    },
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
