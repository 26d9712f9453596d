/**
 * Keys added and removed through `/__admin/keys`, shared by every process: one hash of changes
 * over the keys every process starts with (demo and config keys), and a version counter bumped
 * with each change. Each process reads the version with its per-request clock read (no extra
 * round trip) and reloads the hash only when it moved.
 */
import type { Redis } from 'ioredis';
import type { KeyChanges } from '../mock/state-backend.js';
import { DuplicateKeyError, type KeyRegistry } from '../rate-limit/key-registry.js';
import type { ApiKeyRecord } from '../rate-limit/types.js';
import { redisCall } from './redis-client.js';
import { NEXT_VERSION_FUNCTION } from './version-counter.js';

/** A removed key's value in the hash (a start-up key stays removed for every process). */
const REMOVED = '-';

// KEYS: hash, version. ARGV: key, record JSON, 1 when the key is a start-up key not removed.
// Refuses a key another process added (or a start-up key still present) in the same step. The
// version moves as the documents' do (version-counter.ts): a FLUSHALL never brings an old one back.
const ADD = `${NEXT_VERSION_FUNCTION}
local v = redis.call('HGET', KEYS[1], ARGV[1])
if (v and v ~= '${REMOVED}') or (not v and ARGV[3] == '1') then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
next_version(KEYS[2])
return 1
`;

// KEYS: hash, version. ARGV: key.
const REMOVE = `${NEXT_VERSION_FUNCTION}
redis.call('HSET', KEYS[1], ARGV[1], '${REMOVED}')
next_version(KEYS[2])
return 1
`;

interface KeyScripts {
  petstoreAddKey(hash: string, version: string, key: string, json: string, startup: string): Promise<number>;
  petstoreRemoveKey(hash: string, version: string, key: string): Promise<number>;
}

export interface SharedKeys extends KeyChanges {
  /** Reloads when another process changed the keys since this one last looked. */
  seen(version: string | null): Promise<void>;
  /** The version this process last loaded ('' : no change was ever made). */
  held(): string;
}

export function createRedisKeys(client: Redis, prefix: string, registry: KeyRegistry): SharedKeys {
  const c = client as Redis & Partial<KeyScripts>;
  if (!c.petstoreAddKey) {
    client.defineCommand('petstoreAddKey', { numberOfKeys: 2, lua: ADD });
    client.defineCommand('petstoreRemoveKey', { numberOfKeys: 2, lua: REMOVE });
  }
  const run = c as unknown as KeyScripts;
  const hash = `${prefix}keys`;
  const versionKey = `${prefix}keys:version`;
  const startup = new Map(registry.list().map((r) => [r.key, r]));
  let version: string | null = null;

  const reload = async () => {
    const [[, v], [, changes]] = (await redisCall(() => client.multi().get(versionKey).hgetall(hash).exec())) as [[unknown, string | null], [unknown, Record<string, string>]];
    const records: ApiKeyRecord[] = [];
    for (const [key, record] of startup) if (!(key in changes)) records.push(record);
    for (const [key, json] of Object.entries(changes)) {
      if (json === REMOVED) continue;
      const record = JSON.parse(json) as ApiKeyRecord;
      if (registry.plans.has(record.plan)) records.push(record);
      else if (startup.has(key)) records.push(startup.get(key)!);
    }
    registry.replaceAll(records);
    version = v;
  };

  return {
    held: () => version ?? '',
    seen: async (current) => {
      if (current !== version) await reload();
    },
    refresh: reload,
    add: async (record) => {
      await reload();
      const json = JSON.stringify(record);
      const added = await redisCall(() => run.petstoreAddKey(hash, versionKey, record.key, json, startup.has(record.key) ? '1' : '0'));
      if (added === 0) throw new DuplicateKeyError(record.key);
      await reload();
    },
    remove: async (key) => {
      const present = registry.get(key) !== undefined;
      await redisCall(() => run.petstoreRemoveKey(hash, versionKey, key));
      await reload();
      return present;
    },
  };
}
