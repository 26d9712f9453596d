/**
 * The state backend of `--store redis://...`: every session's counters, clock, faults and journal
 * under one key prefix, so any number of mock processes on one Redis behave as one server.
 * Layout: docs/redis-layout.md.
 */
import type { Redis } from 'ioredis';
import type { DocumentIdentity, StateBackend } from '../mock/state-backend.js';
import { createRedisRateLimitStore } from './redis-rate-limit-store.js';
import { connectRedis, literalPattern, redactUrl, redisCall } from './redis-client.js';
import { createRedisDocument, DocumentCache } from './redis-document.js';
import { createRedisKeys, type SharedKeys } from './redis-keys.js';
import { createRedisRequestStart } from './redis-request-start.js';
import { createRedisSubscribers } from './redis-subscribers.js';
import { createRedisClock, createRedisFaults, createRedisJournal, createRedisLatency, type RedisSessionClock, type SessionKeys } from './redis-session-state.js';
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

// ARGV: SCAN patterns. Deletes every key matching one, in one step: a reset is all or nothing
// (Redis runs a script with nothing interleaved, and an outage stops it before it starts).
const DELETE_MATCHING = `
local n = 0
for i = 1, #ARGV do
  local cursor = '0'
  repeat
    local page = redis.call('SCAN', cursor, 'MATCH', ARGV[i], 'COUNT', 1000)
    cursor = page[1]
    for _, key in ipairs(page[2]) do
      redis.call('UNLINK', key)
      n = n + 1
    end
  until cursor == '0'
end
return n
`;

interface ResetScript {
  petstoreDeleteMatching(count: number, ...patterns: string[]): Promise<number>;
}

export function createRedisStateBackend(client: Redis, url: string, prefix: string, idleMs = SESSION_IDLE_MS): StateBackend {
  let keys: SharedKeys | undefined;
  // The same kinds for every session (the packs in use, the records): learnt as they are made.
  const kinds = new Set<string>();
  const cache = new DocumentCache();
  // A Redis that came back may have lost everything, its version counter too: forget what was read.
  client.on('ready', () => cache.clear());
  const c = client as Redis & Partial<ResetScript>;
  if (!c.petstoreDeleteMatching) client.defineCommand('petstoreDeleteMatching', { lua: DELETE_MATCHING });
  const deleteMatching = (...prefixes: string[]) => redisCall(() => (c as Redis & ResetScript).petstoreDeleteMatching(0, ...prefixes.map(literalPattern)));
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
    claimDocument: async (identity) => {
      // SET ... GET: ours recorded and the previous one read in one step (Redis 6.2+).
      const previous = await redisCall(() => client.set(`${prefix}document`, JSON.stringify(identity), 'GET'));
      const other = parseIdentity(previous);
      return other && other.fingerprint !== identity.fingerprint ? other : undefined;
    },
    anonymousRateLimits: (policy) => createRedisRateLimitStore(client, `${prefix}anon:rl:`, policy),
    clock: (session, base) => createRedisClock(client, own(session), base),
    requestStart: (session, clock, policy, maxSessions) => {
      const mine = own(session);
      let documents: string[] = [];
      return createRedisRequestStart(
        client,
        {
          prefix: mine.prefix,
          ttlMs: mine.ttlMs,
          sessionsKey: `${prefix}sessions`,
          // The default session is not counted (it has no idle ttl): the others share the rest.
          maxSessions: Math.max(1, maxSessions - 1),
          kinds: () => [...kinds],
          keysVersion: mine.keysVersion,
          counters: (subject, anonymous) => (anonymous ? `${prefix}anon:rl:` : `${mine.prefix}rl:`) + subject,
          documents: () => (documents.length === kinds.size ? documents : (documents = [...kinds].map((kind) => mine.prefix + kind))),
          heldKeysVersion: () => keys?.held() ?? '*',
          keysChanged: async (version) => keys?.seen(version === '' ? null : version),
          clockRead: (frozenAt) => (clock as RedisSessionClock).learn(frozenAt),
          baseNow: () => (clock as RedisSessionClock).baseNow(),
        },
        policy,
        cache,
      );
    },
    faults: (session) => createRedisFaults(client, own(session)),
    latency: (session) => createRedisLatency(client, own(session)),
    journal: (session, capacity) => createRedisJournal(client, own(session), capacity),
    subscribers: (session) => createRedisSubscribers(client, own(session)),
    keys: (registry) => (keys = createRedisKeys(client, prefix, registry)),
    documents: (session, kind) => {
      kinds.add(kind);
      return createRedisDocument(client, `${own(session).prefix}${kind}`, `${prefix}versions`, own(session).ttlMs, cache);
    },
    resetSession: async (session) => {
      await deleteMatching(own(session).prefix);
      return true;
    },
    resetAll: async () => {
      await deleteMatching(`${prefix}s:`, `${prefix}anon:`, `${prefix}sessions`);
      return true;
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

/** A recorded identity, or undefined when there is none or it is not one (written by hand, say). */
function parseIdentity(text: string | null): DocumentIdentity | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<DocumentIdentity>;
    const fields = [value.title, value.version, value.file, value.fingerprint];
    return fields.every((f) => typeof f === 'string') ? (value as DocumentIdentity) : undefined;
  } catch {
    return undefined;
  }
}
