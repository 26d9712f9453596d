import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore } from '../../../src/rate-limit/memory-rate-limit-store.js';
import { DEFAULT_BAN_POLICY } from '../../../src/rate-limit/plans.js';
import { addressSubject, keySubject } from '../../../src/rate-limit/subjects.js';
import type { Decision, RateLimitStore } from '../../../src/rate-limit/types.js';
import { FREE, NEXT_DAY, NEXT_MINUTE, T0 } from './helpers.js';

const A = keySubject('acme-ci');
const B = keySubject('partner-x');

async function consumeMany(store: RateLimitStore, subject: string, count: number, now: number): Promise<Decision[]> {
  const decisions: Decision[] = [];
  for (let i = 0; i < count; i++) decisions.push(await store.consume(subject, FREE, now));
  return decisions;
}

describe('createMemoryRateLimitStore', () => {
  it('keeps each subject apart', async () => {
    const store = createMemoryRateLimitStore(DEFAULT_BAN_POLICY);
    await consumeMany(store, A, 60, T0);
    expect((await store.consume(A, FREE, T0)).outcome).toBe('limited');
    const other = await store.consume(B, FREE, T0);
    expect(other.outcome).toBe('allowed');
    expect(other.headers['X-RateLimit-Remaining']).toBe('59');
  });

  it('counts exactly the limit when requests race', async () => {
    const store = createMemoryRateLimitStore(DEFAULT_BAN_POLICY);
    const decisions = await Promise.all(Array.from({ length: 70 }, () => store.consume(A, FREE, T0)));
    expect(decisions.filter((d) => d.outcome === 'allowed')).toHaveLength(60);
    expect(new Set(decisions.map((d) => d.headers['X-RateLimit-Remaining'])).size).toBe(60);
  });

  it('reports usage of the current windows only', async () => {
    const store = createMemoryRateLimitStore(DEFAULT_BAN_POLICY);
    expect(await store.usage(A, T0)).toEqual({ minute: 0, day: 0, bannedUntil: null });
    await consumeMany(store, A, 3, T0);
    await store.consume(A, FREE, NEXT_MINUTE);
    expect(await store.usage(A, NEXT_MINUTE)).toEqual({ minute: 1, day: 4, bannedUntil: null });
    expect(await store.usage(A, NEXT_MINUTE + 60_000)).toEqual({ minute: 0, day: 4, bannedUntil: null });
    expect(await store.usage(A, NEXT_DAY)).toEqual({ minute: 0, day: 0, bannedUntil: null });
  });

  it('bans a key that keeps calling after 11 answers of 429, and reports the ban', async () => {
    const store = createMemoryRateLimitStore(DEFAULT_BAN_POLICY);
    await consumeMany(store, A, 60 + 11, T0);
    expect(await store.consume(A, FREE, T0 + 1000)).toMatchObject({ outcome: 'banned', retryAfter: 900 });
    expect(await store.usage(A, T0 + 1000)).toEqual({ minute: 60, day: 60, bannedUntil: T0 + 901_000 });
    expect((await store.usage(A, T0 + 901_000)).bannedUntil).toBeNull();
  });

  it('limits an address but never bans it', async () => {
    const store = createMemoryRateLimitStore(DEFAULT_BAN_POLICY);
    const address = addressSubject('203.0.113.9');
    await consumeMany(store, address, 60, T0);
    const over = await consumeMany(store, address, 40, T0 + 1000);
    expect(new Set(over.map((d) => d.outcome))).toEqual(new Set(['limited']));
  });

  it('bans and unbans on request; unbanning gives a fresh budget of 429s', async () => {
    const store = createMemoryRateLimitStore(DEFAULT_BAN_POLICY);
    await store.ban(A, T0 + 30_500, T0);
    expect(await store.consume(A, FREE, T0)).toMatchObject({ outcome: 'banned', retryAfter: 31 });
    expect((await store.usage(A, T0)).bannedUntil).toBe(T0 + 30_500);
    await store.unban(A);
    expect((await store.consume(A, FREE, T0)).outcome).toBe('allowed');

    await consumeMany(store, A, 59 + 12, T0);
    expect((await store.consume(A, FREE, T0)).outcome).toBe('banned');
    await store.unban(A);
    expect((await store.consume(A, FREE, T0)).outcome).toBe('limited');
    expect(await store.usage(A, T0)).toMatchObject({ minute: 60, bannedUntil: null });
  });

  it('forgets every counter and ban on clear', async () => {
    const store = createMemoryRateLimitStore(DEFAULT_BAN_POLICY);
    await consumeMany(store, A, 5, T0);
    await store.ban(B, T0 + 60_000, T0);
    await store.clear();
    expect(await store.usage(A, T0)).toEqual({ minute: 0, day: 0, bannedUntil: null });
    expect((await store.consume(B, FREE, T0)).outcome).toBe('allowed');
  });

  it('drops subjects of past days once it holds too many, keeping live ones and bans', async () => {
    const store = createMemoryRateLimitStore(DEFAULT_BAN_POLICY, { sweepAbove: 3 });
    const yesterday = NEXT_DAY - 5_000;
    await store.consume(keySubject('old-1'), FREE, yesterday);
    await store.consume(keySubject('old-2'), FREE, yesterday);
    await store.ban(keySubject('banned'), NEXT_DAY + 3_600_000, yesterday);
    expect(store.size).toBe(3);

    await store.consume(keySubject('new-1'), FREE, NEXT_DAY);
    expect(store.size).toBe(2);
    expect((await store.usage(keySubject('banned'), NEXT_DAY)).bannedUntil).toBe(NEXT_DAY + 3_600_000);

    // Every subject is live: nothing may be dropped, so the map grows.
    await store.consume(keySubject('new-2'), FREE, NEXT_DAY);
    await store.consume(keySubject('new-3'), FREE, NEXT_DAY);
    await store.consume(keySubject('new-4'), FREE, NEXT_DAY);
    expect(store.size).toBe(5);
    expect(await store.usage(keySubject('new-1'), NEXT_DAY)).toMatchObject({ minute: 1, day: 1 });
  });
});
