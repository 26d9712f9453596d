import { Redis } from 'ioredis';
import { redactUrl } from '../store/redact-url.js';
import { StoreUnavailableError } from '../store/store-unavailable-error.js';

export { StoreUnavailableError, redactUrl };

export interface RedisTarget {
  url: string;
  /** Every key this mock writes starts with it (`--store-prefix`, default `petstore-kit:`). */
  prefix: string;
}

export const DEFAULT_STORE_PREFIX = 'petstore-kit:';

/**
 * How long one command may wait for its reply. A Redis that keeps the connection open and answers
 * nothing (stopped, swapping) would otherwise hold every request for the whole freeze; past this
 * the request gets 503 store_unavailable like a Redis that is down (decision 045).
 */
export const COMMAND_TIMEOUT_MS = 2000;

/**
 * A client that fails fast instead of queueing: with Redis gone, a request must get its 503 at
 * once, not hang until a reconnect (`enableOfflineQueue: false`, no per-command retries). The
 * connection itself is retried in the background, so service comes back by itself. A reply
 * that never comes is given up after COMMAND_TIMEOUT_MS.
 */
export function createRedisClient(url: string): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  // Without a listener ioredis prints every failed reconnect; the requests report the outage.
  client.on('error', () => {});
  return client;
}

/** Connects once at start-up; an unreachable Redis is a start-up error naming the URL. */
export async function connectRedis(url: string): Promise<Redis> {
  const client = createRedisClient(url);
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    client.disconnect();
    throw new StoreUnavailableError(`cannot reach Redis at ${redactUrl(url)} (${(err as Error).message})`);
  }
  return client;
}

/** Runs one Redis call, turning a connection failure into StoreUnavailableError. */
export async function redisCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof StoreUnavailableError) throw err;
    throw new StoreUnavailableError(`the store (Redis) did not answer: ${(err as Error).message}`);
  }
}

/** A SCAN pattern matching `prefix` literally followed by anything. */
export function literalPattern(prefix: string): string {
  return prefix.replace(/[*?[\]\\]/g, (c) => '\\' + c) + '*';
}

/** Deletes every key under a prefix, a page of SCAN at a time (admin resets; never per request). */
export async function deleteByPrefix(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', literalPattern(prefix), 'COUNT', 500);
    if (keys.length > 0) await client.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}
