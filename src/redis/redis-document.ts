/**
 * A SharedDocument in Redis: a hash with the text (`t`) and its version (`v`). The write is one
 * Lua script comparing the version and setting both, so no WATCH is needed and one connection
 * serves every request at once. Layout: docs/redis-layout.md.
 */
import type { Redis } from 'ioredis';
import type { SharedDocument } from '../store/shared-document.js';
import { redisCall } from './redis-client.js';

// KEYS: the document, the prefix's version counter. ARGV: expected version ('0': never
// written), text, idle ttl in ms (0: none). Versions come from one counter that resets never
// delete, so a version names one text for good and a process may keep what it parsed.
const COMPARE_AND_SET = `
local v = redis.call('HGET', KEYS[1], 'v') or '0'
if v ~= ARGV[1] then return false end
local next = redis.call('INCR', KEYS[2])
redis.call('HSET', KEYS[1], 't', ARGV[2], 'v', next)
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return tostring(next)
`;

// ARGV: the version the caller holds. The text comes back only when it changed.
const READ = `
local v = redis.call('HGET', KEYS[1], 'v') or '0'
if v == ARGV[1] then return {v} end
return {v, redis.call('HGET', KEYS[1], 't')}
`;

interface DocumentScripts {
  petstoreCompareAndSet(key: string, counter: string, version: string, text: string, ttl: number): Promise<string | null>;
  petstoreReadDocument(key: string, held: string): Promise<[string] | [string, string | null]>;
}

export function createRedisDocument(client: Redis, key: string, counter: string, ttlMs: number): SharedDocument {
  const c = client as Redis & Partial<DocumentScripts>;
  if (!c.petstoreCompareAndSet) {
    client.defineCommand('petstoreCompareAndSet', { numberOfKeys: 2, lua: COMPARE_AND_SET });
    client.defineCommand('petstoreReadDocument', { numberOfKeys: 1, lua: READ });
  }
  const run = c as unknown as DocumentScripts;
  return {
    read: async (held) => {
      const [version, text] = await redisCall(() => run.petstoreReadDocument(key, held ?? ''));
      return version === held ? { unchanged: true, text: null, version } : { text: text ?? null, version };
    },
    write: async (version, text) => (await redisCall(() => run.petstoreCompareAndSet(key, counter, version, text, ttlMs))) ?? undefined,
  };
}
