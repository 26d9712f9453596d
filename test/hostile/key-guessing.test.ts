import { describe, expect, it } from 'vitest';
import { expectHealthy, useHostileMock } from './hostile-kit.js';

/** Requests without a valid key are limited per client address across sessions (issue 15, item 7). */
describe('key guessing over many sessions', () => {
  const mock = useHostileMock();

  const guess = (i: number, session = `guess-${i % 12}`) => mock.send('GET', '/pets?limit=1', { key: `guess-${i}-0123456789`, session });

  it('answers 429 with Retry-After to the 61st unknown key in a minute, whichever sessions they came in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await guess(i)).status);
    expect(statuses).toEqual(Array(60).fill(401));
    const sixtyFirst = await guess(60, 'guess-never-seen');
    expect(sixtyFirst.status).toBe(429);
    expect(JSON.parse(sixtyFirst.text)).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    // The hostile clock stands at 10:00:30: the minute ends in 30 s.
    expect(sixtyFirst.headers['retry-after']).toBe('30');
    expect(sixtyFirst.headers['x-ratelimit-remaining']).toBe('0');
    // No key at all is counted against the same address.
    expect((await mock.send('GET', '/pets', { key: null, session: 'guess-no-key' })).status).toBe(429);
    // The attack of the issue: 600 unknown keys over 10 sessions get no further 401.
    const more = new Map<number, number>();
    for (let i = 0; i < 600; i++) {
      const status = (await guess(100 + i, `guess-${i % 10}`)).status;
      more.set(status, (more.get(status) ?? 0) + 1);
    }
    expect([...more]).toEqual([[429, 600]]);
  });

  it('leaves a known key in a fresh session its own counters', async () => {
    const res = await mock.send('GET', '/pets?limit=1', { session: 'guess-fresh-known' });
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-remaining']).toBe(String(100_000_000 - 1));
    const demo = await mock.send('GET', '/pets?limit=1', { key: 'demo-free', session: 'guess-fresh-demo' });
    expect(demo.status).toBe(200);
    expect(demo.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('keeps the shared counters through a reset of one session; a reset of all sessions clears them', async () => {
    await mock.admin.reset('guess-3');
    expect((await guess(1_000, 'guess-3')).status).toBe(429);
    await mock.admin.reset();
    const first = await guess(1_001, 'guess-3');
    expect(first.status).toBe(401);
    expect(first.headers['x-ratelimit-remaining']).toBe('59');
    await expectHealthy(mock, ['guess-3', 'guess-fresh-known']);
  });
});
