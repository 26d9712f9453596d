/**
 * Everything a request needs from Redis before its operation runs, in one script call (one
 * round trip, atomic): the session's expiry pushed back, its clock, the version of the shared API
 * keys, the rate-limit decision, the fault the request meets, and the versions (and changed
 * texts) of the session's state documents. docs/decisions/031-redis-round-trips.md.
 */
import type { Redis } from 'ioredis';
import { withScripts } from './redis-scripts.js';
import type { Fault } from '../mock/faults.js';
import type { LatencyRule } from '../mock/latency/latency-rule.js';
import type { RequestStart, RequestStarted } from '../mock/state-backend.js';
import { CONSUME_FUNCTION, decisionOf, max429Of, type ConsumeReply } from './redis-rate-limit-store.js';
import type { BanPolicy } from '../rate-limit/types.js';
import { redisCall } from './redis-client.js';
import { READ_DOCUMENTS_FUNCTION, type DocumentCache } from './redis-document.js';
import { TAKE_FAULT_FUNCTION } from './redis-session-state.js';

// KEYS: 1 clock, 2 keys version, 3 the subject's counters, 4 faults, 5 journal, 6 latencies,
// 7 the sessions in use (a sorted set: session prefix by last use), 8.. documents.
// ARGV: 1 idle ttl (0: none), 2 the base clock's now, 3 the keys version held ('*': any),
// 4-7 per minute, per day, 429s before a ban (-1: never), ban ms, 8 '1' when the request may
// meet a fault, 9-11 method, path, template, 12 the session's prefix, 13 the most sessions kept,
// 14 the document kinds (space-separated suffixes), 15.. the documents' versions held.
// When the keys changed, nothing is counted: the caller reloads them and starts again.
// A named session (one with an idle ttl) is marked used; past the cap, the least recently used
// others lose their state at once, as if their idle time had run out (the cap in memory is
// config.sessions.max per process; without this, a client naming a new session per request
// filled Redis with 9 KB per name for a day).
const START = `${CONSUME_FUNCTION}${TAKE_FAULT_FUNCTION}${READ_DOCUMENTS_FUNCTION}
local ttl = tonumber(ARGV[1])
if ttl > 0 then
  for i = 1, #KEYS do
    if i ~= 2 and i ~= 3 and i ~= 7 then redis.call('PEXPIRE', KEYS[i], ttl) end
  end
  local used = tonumber(ARGV[2])
  redis.call('ZREMRANGEBYSCORE', KEYS[7], '-inf', '(' .. (used - ttl))
  redis.call('ZADD', KEYS[7], used, ARGV[12])
  local over = redis.call('ZCARD', KEYS[7]) - tonumber(ARGV[13])
  if over > 0 then
    for _, gone in ipairs(redis.call('ZRANGE', KEYS[7], 0, over - 1)) do
      if gone ~= ARGV[12] then
        redis.call('UNLINK', gone .. 'clock', gone .. 'faults', gone .. 'journal', gone .. 'latency', gone .. 'webhooks')
        for kind in string.gmatch(ARGV[14], '%S+') do redis.call('UNLINK', gone .. kind) end
        redis.call('ZREM', KEYS[7], gone)
      end
    end
  end
end
local at = redis.call('GET', KEYS[1])
local kv = redis.call('GET', KEYS[2]) or ''
if ARGV[3] ~= '*' and kv ~= ARGV[3] then return {'keys', kv} end
local now = tonumber(at or ARGV[2])
local d = consume(KEYS[3], now, tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]))
local fault = false
if d[1] == 'allowed' and ARGV[8] == '1' then fault = take_fault(KEYS[4], ARGV[9], ARGV[10], ARGV[11]) end
return read_documents({'ok', at or '', d[1], d[2], d[3], d[4], fault, redis.call('LRANGE', KEYS[6], 0, -1)}, 8, 15)
`;

type StartReply = ['keys', string] | ['ok', string, string, number, number, string, string | null, string[], ...(string | number | null)[]];

interface StartScript {
  petstoreStartRequest(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<StartReply>;
}

/** What the start needs of the session, named by the backend that made its parts. */
export interface StartTarget {
  /** The session's own prefix (`<prefix>s:<name>:`) and idle expiry (0: none). */
  prefix: string;
  ttlMs: number;
  /** The sorted set of sessions in use, and how many are kept at most. */
  sessionsKey: string;
  maxSessions: number;
  /** The suffixes of the document kinds in use (`records:pets`, say), to remove an evicted session's. */
  kinds(): readonly string[];
  keysVersion: string;
  /** The counters' key of a subject: the session's, or the anonymous ones shared by all. */
  counters(subject: string, anonymous: boolean): string;
  /** The session's document keys in use (records, pack states). */
  documents(): readonly string[];
  /** The keys version this process holds ('*' before the keys are shared), and what to do on a change. */
  heldKeysVersion(): string;
  keysChanged(version: string): Promise<void>;
  /** The session clock learns the frozen instant (undefined: following the base clock). */
  clockRead(frozenAt: number | undefined): void;
  baseNow(): number;
}

export function createRedisRequestStart(client: Redis, target: StartTarget, policy: BanPolicy, cache: DocumentCache): (start: RequestStart) => Promise<RequestStarted> {
  // The number of keys varies with the documents in use: given with each call.
  const run = withScripts<StartScript>(client, { petstoreStartRequest: { lua: START } });
  const own = ['clock', 'faults', 'journal', 'latency'].map((suffix) => target.prefix + suffix);
  const banMs = policy.banSeconds * 1000;
  return async (start) => {
    const documents = target.documents();
    const held = documents.map((key) => cache.get(key)?.version ?? '');
    const fault = start.fault;
    const base = target.baseNow();
    const args: (string | number)[] = [own[0]!, target.keysVersion, target.counters(start.subject, start.anonymous), own[1]!, own[2]!, own[3]!, target.sessionsKey, ...documents];
    args.push(target.ttlMs, base, target.heldKeysVersion(), start.limits.perMinute, start.limits.perDay, max429Of(start.subject, policy), banMs);
    args.push(fault ? '1' : '0', fault?.method ?? '', fault?.path ?? '', fault?.template ?? '', target.prefix, target.maxSessions, target.kinds().join(' '), ...held);
    const stamp = cache.stamp();
    const reply = await redisCall(() => run.petstoreStartRequest(7 + documents.length, ...args));
    if (reply[0] === 'keys') {
      await target.keysChanged(reply[1]);
      return { keysChanged: true };
    }
    const [, at, outcome, minute, day, bannedUntil, taken, latency] = reply;
    for (let i = 0; i < documents.length; i++) {
      const version = reply[8 + 2 * i] as string;
      const text = reply[9 + 2 * i];
      cache.learn(documents[i]!, stamp, version, text === 0 ? undefined : (text as string | null));
    }
    const frozenAt = at === '' ? undefined : Number(at);
    target.clockRead(frozenAt);
    const now = frozenAt ?? base;
    return {
      keysChanged: false,
      now,
      decision: decisionOf([outcome, minute, day, bannedUntil] as ConsumeReply, start.limits, now),
      fault: taken ? (JSON.parse(taken) as Fault) : undefined,
      latency: latency.map((text) => JSON.parse(text) as LatencyRule),
    };
  };
}
