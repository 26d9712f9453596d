/**
 * A SharedDocument in Redis: a hash with the text (`t`) and its version (`v`). The write is one
 * Lua script comparing the version and setting both, so no WATCH is needed and one connection
 * serves every request at once. Layout: docs/redis-layout.md.
 */
import type { Redis } from 'ioredis';
import type { SharedDocument } from '../store/shared-document.js';
import { redisCall } from './redis-client.js';
import { NEXT_VERSION_FUNCTION } from './version-counter.js';

// KEYS: the document, the prefix's version counter. ARGV: expected version ('0': never
// written), text, idle ttl in ms (0: none). Versions come from one counter that resets never
// delete and that a FLUSHALL cannot send back (version-counter.ts), so a version names one text
// for good and a process may keep what it parsed.
const COMPARE_AND_SET = `${NEXT_VERSION_FUNCTION}
local v = redis.call('HGET', KEYS[1], 'v') or '0'
if v ~= ARGV[1] then return false end
local next = next_version(KEYS[2])
redis.call('HSET', KEYS[1], 't', ARGV[2], 'v', next)
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return next
`;

// ARGV: the version the caller holds. The text comes back only when it changed.
const READ = `
local v = redis.call('HGET', KEYS[1], 'v') or '0'
if v == ARGV[1] then return {v} end
return {v, redis.call('HGET', KEYS[1], 't')}
`;

/**
 * The same read for several documents, as a Lua function of the per-request script: for each
 * key, its version, then 0 when it is the one held, else its text (nil: never written).
 */
export const READ_DOCUMENTS_FUNCTION = `
local function read_documents(out, first, heldFirst)
  for i = first, #KEYS do
    local v = redis.call('HGET', KEYS[i], 'v') or '0'
    out[#out + 1] = v
    if v == ARGV[heldFirst + i - first] then out[#out + 1] = 0 else out[#out + 1] = redis.call('HGET', KEYS[i], 't') or false end
  end
  return out
end
`;

interface DocumentScripts {
  petstoreCompareAndSet(key: string, counter: string, version: string, text: string, ttl: number): Promise<string | null>;
  petstoreReadDocument(key: string, held: string): Promise<[string] | [string, string | null]>;
}

interface Known {
  stamp: number;
  version: string;
  text: string | null;
}

/**
 * What this process last learnt of each document, from the newest reply. Every request's start
 * reads the versions of its session's documents (and the text of those that changed), so the
 * request's own reads cost no round trip: what is here was read after that request began, which
 * is as fresh as a read of its own. Stamps are taken when a command is sent; one connection
 * answers in order, and an older answer never overwrites a newer one. Cleared on reconnection
 * (a restarted Redis without persistence starts its version counter again).
 */
export class DocumentCache {
  private next = 0;
  private floor = 0;
  private readonly known = new Map<string, Known>();

  constructor(private readonly max = 4096) {}

  /** Taken just before sending a command that reads or writes documents. */
  stamp(): number {
    return ++this.next;
  }

  get(key: string): Known | undefined {
    return this.known.get(key);
  }

  /** What a reply said; `text` undefined: unchanged from the version held when it was sent. */
  learn(key: string, stamp: number, version: string, text: string | null | undefined): void {
    if (stamp <= this.floor) return;
    const had = this.known.get(key);
    if (had && had.stamp > stamp) return;
    if (text === undefined) {
      if (had && had.version === version) had.stamp = stamp;
      else this.known.delete(key);
      return;
    }
    this.known.delete(key);
    this.known.set(key, { stamp, version, text });
    if (this.known.size > this.max) this.known.delete(this.known.keys().next().value as string);
  }

  /** A write lost its race: what is held for the key is older than Redis's. */
  forget(key: string, stamp: number): void {
    const had = this.known.get(key);
    if (had && had.stamp < stamp) this.known.delete(key);
  }

  clear(): void {
    this.known.clear();
    this.floor = this.next;
  }
}

export function createRedisDocument(client: Redis, key: string, counter: string, ttlMs: number, cache: DocumentCache): SharedDocument {
  const c = client as Redis & Partial<DocumentScripts>;
  if (!c.petstoreCompareAndSet) {
    client.defineCommand('petstoreCompareAndSet', { numberOfKeys: 2, lua: COMPARE_AND_SET });
    client.defineCommand('petstoreReadDocument', { numberOfKeys: 1, lua: READ });
  }
  const run = c as unknown as DocumentScripts;
  return {
    read: async (held, fresh) => {
      const known = fresh ? undefined : cache.get(key);
      if (known) return known.version === held ? { unchanged: true, text: null, version: known.version } : { text: known.text, version: known.version };
      const stamp = cache.stamp();
      const [version, text] = await redisCall(() => run.petstoreReadDocument(key, held ?? ''));
      if (version === held) {
        cache.learn(key, stamp, version, undefined);
        return { unchanged: true, text: null, version };
      }
      cache.learn(key, stamp, version, text ?? null);
      return { text: text ?? null, version };
    },
    write: async (version, text) => {
      const stamp = cache.stamp();
      const written = (await redisCall(() => run.petstoreCompareAndSet(key, counter, version, text, ttlMs))) ?? undefined;
      if (written === undefined) cache.forget(key, stamp);
      else cache.learn(key, stamp, written, text);
      return written;
    },
  };
}
