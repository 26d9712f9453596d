/**
 * A session's webhook subscribers in Redis (`P s:<s>:webhooks`, docs/redis-layout.md), so a
 * subscriber added through one mock process receives the webhooks every other one sends.
 */
import type { Redis } from 'ioredis';
import { MAX_SUBSCRIBERS, type SubscriberStore } from '../mock/callbacks/subscribers.js';
import { redisCall } from './redis-client.js';
import type { SessionKeys } from './redis-session-state.js';

// KEYS: the hash. ARGV: webhook, url, cap, idle ttl in ms (0: none). Read, check and add in one step,
// so two processes adding at once neither lose one nor pass the cap.
const ADD = `
local text = redis.call('HGET', KEYS[1], ARGV[1])
local urls = {}
if text then urls = cjson.decode(text) end
for _, url in ipairs(urls) do
  if url == ARGV[2] then return 1 end
end
if #urls >= tonumber(ARGV[3]) then return 0 end
table.insert(urls, ARGV[2])
redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(urls))
if tonumber(ARGV[4]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[4]) end
return 1
`;

interface SubscriberScript {
  petstoreAddSubscriber(key: string, webhook: string, url: string, cap: number, ttl: number): Promise<number>;
}

export function createRedisSubscribers(client: Redis, own: SessionKeys): SubscriberStore {
  const c = client as Redis & Partial<SubscriberScript>;
  if (!c.petstoreAddSubscriber) client.defineCommand('petstoreAddSubscriber', { numberOfKeys: 1, lua: ADD });
  const run = c as unknown as SubscriberScript;
  const key = `${own.prefix}webhooks`;
  return {
    add: async (webhook, url) => (await redisCall(() => run.petstoreAddSubscriber(key, webhook, url, MAX_SUBSCRIBERS, own.ttlMs))) === 1,
    list: async (webhook) => {
      const text = await redisCall(() => client.hget(key, webhook));
      return text === null ? [] : (JSON.parse(text) as string[]);
    },
    clear: async () => {
      await redisCall(() => client.del(key));
    },
  };
}
