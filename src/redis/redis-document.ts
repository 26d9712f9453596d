/**
 * A SharedDocument in Redis: a hash with the text (`t`) and its version (`v`). The write is one
 * Lua script comparing the version and setting both, so no WATCH is needed and one connection
 * serves every request at once. Layout: docs/redis-layout.md.
 */
import type { Redis } from 'ioredis';
import type { SharedDocument } from '../store/shared-document.js';
import { redisCall } from './redis-client.js';

// ARGV: expected version ('0': never written), text, idle ttl in ms (0: none).
const COMPARE_AND_SET = `
local v = redis.call('HGET', KEYS[1], 'v') or '0'
if v ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 't', ARGV[2], 'v', tonumber(v) + 1)
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1
`;

interface DocumentScripts {
  petstoreCompareAndSet(key: string, version: string, text: string, ttl: number): Promise<number>;
}

export function createRedisDocument(client: Redis, key: string, ttlMs: number): SharedDocument {
  const c = client as Redis & Partial<DocumentScripts>;
  if (!c.petstoreCompareAndSet) client.defineCommand('petstoreCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
  const run = c as unknown as DocumentScripts;
  return {
    read: async () => {
      const [text, version] = await redisCall(() => client.hmget(key, 't', 'v'));
      return { text: text ?? null, version: version ?? '0' };
    },
    write: async (version, text) => (await redisCall(() => run.petstoreCompareAndSet(key, version, text, ttlMs))) === 1,
  };
}
