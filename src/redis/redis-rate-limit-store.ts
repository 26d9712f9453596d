/**
 * The counters of one session in Redis, shared by every mock process on it. `consume` is one Lua
 * script, so counting, deciding and banning is one atomic step and one round trip however many
 * processes race (docs/decisions/023-redis-atomicity.md). The script is `decide()` of decide.ts
 * written in Lua; a property test replays random request sequences through both and requires the
 * same decisions, so the two cannot drift apart.
 */
import type { Redis } from 'ioredis';
import { withScripts } from './redis-scripts.js';
import { deleteByPrefix, redisCall } from './redis-client.js';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import { isBannable } from '../rate-limit/subjects.js';
import type { BanPolicy, Decision, Limits, RateLimitStore, Usage } from '../rate-limit/types.js';
import { DAY_MS, MINUTE_MS, secondsUntil } from '../rate-limit/windows.js';

/**
 * Expiries are durations of the mock's clock, not instants of Redis's: a session's clock may be set
 * in the past or the future (QA scripts move it), and Redis expires by its own. A subject's hash
 * lives until its day window (or its ban) ends by the mock's clock, plus a day of grace for a
 * clock that was frozen meanwhile; a hash that expired equals one never written, so nothing is lost.
 */
const GRACE_MS = DAY_MS;

// Hash fields: ms/ds window starts, mc/dc counts, m4/d4 429s given, bu ban end (-1: none).
// A Lua function, so the per-request script (src/redis/redis-request-start.ts) runs the very same
// decision as `consume` below; the property test checks this text against decide().
export const CONSUME_FUNCTION = `
local function consume(key, now, perMinute, perDay, max429, banMs)
  local minuteStart = now - (now % ${MINUTE_MS})
  local dayStart = now - (now % ${DAY_MS})
  local s = redis.call('HMGET', key, 'ms', 'mc', 'm4', 'ds', 'dc', 'd4', 'bu')
  local mc, m4, dc, d4 = 0, 0, 0, 0
  if tonumber(s[1]) == minuteStart then mc = tonumber(s[2]); m4 = tonumber(s[3]) end
  if tonumber(s[4]) == dayStart then dc = tonumber(s[5]); d4 = tonumber(s[6]) end
  local bu = tonumber(s[7])
  if bu ~= nil and bu <= now then bu = nil end
  local outcome
  if bu ~= nil then
    outcome = 'banned'
  else
    local minuteOver = mc >= perMinute
    local dayOver = dc >= perDay
    if minuteOver or dayOver then
      if max429 >= 0 and ((minuteOver and m4 >= max429) or (dayOver and d4 >= max429)) then
        bu = now + banMs
        outcome = 'banned'
      else
        if minuteOver then m4 = m4 + 1 end
        if dayOver then d4 = d4 + 1; outcome = 'day' else outcome = 'minute' end
      end
    else
      mc = mc + 1
      dc = dc + 1
      outcome = 'allowed'
    end
  end
  local f = function(n) return string.format('%.0f', n) end
  redis.call('HSET', key, 'ms', f(minuteStart), 'mc', mc, 'm4', m4, 'ds', f(dayStart), 'dc', dc, 'd4', d4, 'bu', f(bu or -1))
  local expireAt = dayStart + ${DAY_MS}
  if bu ~= nil and bu > expireAt then expireAt = bu end
  redis.call('PEXPIRE', key, f(expireAt - now + ${GRACE_MS}))
  return {outcome, mc, dc, f(bu or -1)}
end
`;

const CONSUME = `${CONSUME_FUNCTION}
return consume(KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]))
`;

// A ban keeps the counters and lives at least until it ends. ARGV: until, its ttl.
const BAN = `
redis.call('HSET', KEYS[1], 'bu', ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
`;

// Lifting a ban forgets the 429s too, as the memory store does.
const UNBAN = `
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'bu', '-1', 'm4', 0, 'd4', 0) end
return 1
`;

interface RateLimitScripts {
  petstoreConsume(key: string, now: number, perMinute: number, perDay: number, max429: number, banMs: number): Promise<ConsumeReply>;
  petstoreBan(key: string, until: number, ttl: number): Promise<number>;
  petstoreUnban(key: string): Promise<number>;
}

/** Registers the scripts once per client (redis-scripts.ts). */
function scripts(client: Redis): RateLimitScripts {
  return withScripts<RateLimitScripts>(client, {
    petstoreConsume: { numberOfKeys: 1, lua: CONSUME },
    petstoreBan: { numberOfKeys: 1, lua: BAN },
    petstoreUnban: { numberOfKeys: 1, lua: UNBAN },
  });
}

/** What the script returns: outcome, the minute's and the day's counts, the ban's end (-1: none). */
export type ConsumeReply = [string, number, number, string];

/** The 429s a subject may get before a ban; -1: never banned (client addresses, an infinite policy). */
export function max429Of(subject: string, policy: BanPolicy): number {
  return isBannable(subject) && Number.isFinite(policy.max429PerWindow) ? policy.max429PerWindow : -1;
}

/** The script's reply as the limiter's Decision, with its headers. */
export function decisionOf([outcome, minuteCount, dayCount, bannedUntil]: ConsumeReply, limits: Limits, now: number): Decision {
  const minuteEnd = now - (now % MINUTE_MS) + MINUTE_MS;
  const dayEnd = now - (now % DAY_MS) + DAY_MS;
  const headers = rateLimitHeaders(limits, minuteCount, dayCount, minuteEnd, dayEnd, now);
  if (outcome === 'allowed') return { outcome, headers };
  if (outcome === 'banned') return { outcome, headers, retryAfter: secondsUntil(Number(bannedUntil), now) };
  const window = outcome === 'day' ? 'day' : 'minute';
  return { outcome: 'limited', headers, window, retryAfter: secondsUntil(window === 'day' ? dayEnd : minuteEnd, now) };
}

/**
 * `keyPrefix` is this session's own prefix (e.g. `petstore-kit:s:qa:rl:`); a subject's counters
 * are one hash under it, expiring when its day window (or its ban) ends.
 */
export function createRedisRateLimitStore(client: Redis, keyPrefix: string, policy: BanPolicy): RateLimitStore {
  const run = scripts(client);
  const keyOf = (subject: string) => keyPrefix + subject;
  return {
    async consume(subject: string, limits: Limits, now: number): Promise<Decision> {
      const reply = await redisCall(() => run.petstoreConsume(keyOf(subject), now, limits.perMinute, limits.perDay, max429Of(subject, policy), policy.banSeconds * 1000));
      return decisionOf(reply, limits, now);
    },

    async usage(subject: string, now: number): Promise<Usage> {
      const [ms, mc, ds, dc, bu] = await redisCall(() => client.hmget(keyOf(subject), 'ms', 'mc', 'ds', 'dc', 'bu'));
      const bannedUntil = bu === null ? null : Number(bu);
      return {
        minute: Number(ms) === now - (now % MINUTE_MS) ? Number(mc) : 0,
        day: Number(ds) === now - (now % DAY_MS) ? Number(dc) : 0,
        bannedUntil: bannedUntil !== null && bannedUntil > now ? bannedUntil : null,
      };
    },

    async ban(subject: string, until: number, now: number): Promise<void> {
      await redisCall(() => run.petstoreBan(keyOf(subject), until, Math.max(1, until - now) + GRACE_MS));
    },

    async unban(subject: string): Promise<void> {
      await redisCall(() => run.petstoreUnban(keyOf(subject)));
    },

    async clear(): Promise<void> {
      await redisCall(() => deleteByPrefix(client, keyPrefix));
    },
  };
}
