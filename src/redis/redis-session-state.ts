/**
 * A session's clock, faults and journal in Redis, shared by every mock process on it. Each change
 * is one atomic step (a Lua script, or MULTI for the journal), so two processes never interleave
 * a read and a write (docs/decisions/023-redis-atomicity.md). Key layout: docs/redis-layout.md.
 */
import type { ChainableCommander, Redis } from 'ioredis';
import { withScripts } from './redis-scripts.js';
import type { Clock } from '../core/clock.js';
import type { Fault } from '../mock/faults.js';
import { keptText } from '../mock/kept-text.js';
import type { JournalEntry, JournalRecord } from '../mock/journal.js';
import type { FaultStore, JournalStore, LatencyStore, SessionClock } from '../mock/state-backend.js';
import type { LatencyRule } from '../mock/latency/latency-rule.js';
import { redisCall } from './redis-client.js';

// ARGV: seconds, the base clock's now, idle ttl. A frozen clock moves from its instant, else from now.
const ADVANCE = `
local at = redis.call('GET', KEYS[1])
if at then at = tonumber(at) else at = tonumber(ARGV[2]) end
at = at + tonumber(ARGV[1]) * 1000
if tonumber(ARGV[3]) > 0 then
  redis.call('SET', KEYS[1], string.format('%.0f', at), 'PX', ARGV[3])
else
  redis.call('SET', KEYS[1], string.format('%.0f', at))
end
return string.format('%.0f', at)
`;

// The first fault matching (method, path, template) loses one use, and goes at zero. A Lua
// function, so the per-request script (redis-request-start.ts) takes faults by the same rule.
export const TAKE_FAULT_FUNCTION = `
local function take_fault(key, method, path, template)
  local all = redis.call('LRANGE', key, 0, -1)
  for i, text in ipairs(all) do
    local f = cjson.decode(text)
    if (f.method == nil or f.method == method) and (f.path == nil or f.path == path or f.path == template) then
      f.times = f.times - 1
      if f.times <= 0 then
        redis.call('LSET', key, i - 1, '__taken__')
        redis.call('LREM', key, 1, '__taken__')
      else
        redis.call('LSET', key, i - 1, cjson.encode(f))
      end
      return text
    end
  end
  return false
end
`;

const TAKE_FAULT = `${TAKE_FAULT_FUNCTION}
return take_fault(KEYS[1], ARGV[1], ARGV[2], ARGV[3])
`;

// ARGV: the line, the cap, idle ttl in ms (0: none). One call, so the list never outgrows its cap.
const JOURNAL_PUSH = `
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return 1
`;

// KEYS: clock, keys version, then the session's other keys. ARGV: idle ttl in ms (0: never expires).
// One read per request: the clock and the keys' version, and the session's expiry pushed back.
const TOUCH = `
local ttl = tonumber(ARGV[1])
if ttl > 0 then
  for i = 1, #KEYS do
    if i ~= 2 then redis.call('PEXPIRE', KEYS[i], ttl) end
  end
end
return {redis.call('GET', KEYS[1]), redis.call('GET', KEYS[2])}
`;

interface SessionScripts {
  petstoreTouchSession(keyCount: number, ...keysAndTtl: (string | number)[]): Promise<[string | null, string | null]>;
  petstoreAdvanceClock(key: string, seconds: number, base: number, ttl: number): Promise<string>;
  petstoreTakeFault(key: string, method: string, path: string, template: string): Promise<string | null>;
  petstoreJournalPush(key: string, line: string, capacity: number, ttl: number): Promise<number>;
}

function scripts(client: Redis): SessionScripts {
  return withScripts<SessionScripts>(client, {
    petstoreAdvanceClock: { numberOfKeys: 1, lua: ADVANCE },
    petstoreTakeFault: { numberOfKeys: 1, lua: TAKE_FAULT },
    petstoreJournalPush: { numberOfKeys: 1, lua: JOURNAL_PUSH },
    // The number of keys varies (one per kind of state in use): given with each call.
    petstoreTouchSession: { lua: TOUCH },
  });
}

/** A session's keys (`<prefix>s:<name>:`), and how long it lives untouched (0: for ever). */
export interface SessionKeys {
  prefix: string;
  ttlMs: number;
  /** The version key of the shared API keys, and what to do with the version read. */
  keysVersion: string;
  onKeysVersion(version: string | null): Promise<void>;
  /** The suffixes of the session's documents in use (records, pack states), for the expiry. */
  documents(): readonly string[];
}

/**
 * The clock keeps a local copy of the frozen instant, read once per request (`refresh`), so
 * `now()` stays synchronous for the engine. No key: following the base clock. The same read
 * pushes back the session's expiry and brings the API keys up to date.
 */
export interface RedisSessionClock extends SessionClock {
  /** What a request's start read (src/redis/redis-request-start.ts): the frozen instant, or none. */
  learn(frozenAt: number | undefined): void;
  /** The base clock's now (what `now()` is when nothing is frozen). */
  baseNow(): number;
}

export function createRedisClock(client: Redis, own: SessionKeys, base: Clock): RedisSessionClock {
  const key = `${own.prefix}clock`;
  const run = scripts(client);
  let frozenAt: number | undefined;
  const remember = (value: string | null) => {
    frozenAt = value === null ? undefined : Number(value);
  };
  return {
    now: () => frozenAt ?? base.now(),
    baseNow: () => base.now(),
    learn: (at) => {
      frozenAt = at;
    },
    get frozen() {
      return frozenAt !== undefined;
    },
    refresh: async () => {
      const others = ['faults', 'latency', 'journal', 'webhooks', ...own.documents()].map((suffix) => own.prefix + suffix);
      const [at, keysVersion] = await redisCall(() => run.petstoreTouchSession(2 + others.length, key, own.keysVersion, ...others, own.ttlMs));
      remember(at);
      await own.onKeysVersion(keysVersion);
    },
    set: async (epochMs) => {
      await redisCall(() => (own.ttlMs > 0 ? client.set(key, String(epochMs), 'PX', own.ttlMs) : client.set(key, String(epochMs))));
      frozenAt = epochMs;
    },
    advance: async (seconds) => remember(await redisCall(() => run.petstoreAdvanceClock(key, seconds, base.now(), own.ttlMs))),
    reset: async () => {
      await redisCall(() => client.del(key));
      frozenAt = undefined;
    },
  };
}

export function createRedisFaults(client: Redis, own: SessionKeys): FaultStore {
  const run = scripts(client);
  const key = `${own.prefix}faults`;
  return {
    add: async (fault) => {
      await redisCall(() => expiring(client.multi().rpush(key, JSON.stringify(fault)), key, own.ttlMs).exec());
    },
    list: async () => (await redisCall(() => client.lrange(key, 0, -1))).map((text) => JSON.parse(text) as Fault),
    clear: async () => {
      await redisCall(() => client.del(key));
    },
    take: async (method, path, template) => {
      const taken = await redisCall(() => run.petstoreTakeFault(key, method, path, template ?? ''));
      return taken === null ? undefined : (JSON.parse(taken) as Fault);
    },
  };
}

/** A session's latencies, read by every request's start (redis-request-start.ts), newest last. */
export function createRedisLatency(client: Redis, own: SessionKeys): LatencyStore {
  const key = `${own.prefix}latency`;
  return {
    add: async (rule) => {
      await redisCall(() => expiring(client.multi().rpush(key, JSON.stringify(rule)), key, own.ttlMs).exec());
    },
    list: async () => (await redisCall(() => client.lrange(key, 0, -1))).map((text) => JSON.parse(text) as LatencyRule),
    clear: async () => {
      await redisCall(() => client.del(key));
    },
  };
}

/** The last `capacity` requests: RPUSH and LTRIM in one script call, so the list never outgrows it. */
export function createRedisJournal(client: Redis, own: SessionKeys, capacity: number): JournalStore {
  const key = `${own.prefix}journal`;
  const run = scripts(client);
  return {
    push: async (entry: JournalRecord) => {
      const line = JSON.stringify({ ...entry, path: keptText(entry.path), key: entry.key === null ? null : keptText(entry.key) });
      await redisCall(() => run.petstoreJournalPush(key, line, capacity, own.ttlMs));
    },
    list: async () =>
      (await redisCall(() => client.lrange(key, 0, -1))).map((text): JournalEntry => {
        const { at, ...line } = JSON.parse(text) as JournalRecord;
        return { time: new Date(at).toISOString(), ...line };
      }),
    clear: async () => {
      await redisCall(() => client.del(key));
    },
  };
}

/** A key written for a session lives as long as the session: its idle expiry starts again. */
function expiring(multi: ChainableCommander, key: string, ttlMs: number): ChainableCommander {
  return ttlMs > 0 ? multi.pexpire(key, ttlMs) : multi;
}
