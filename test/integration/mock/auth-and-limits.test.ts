import { describe, expect, it } from 'vitest';
import { parseKeyConfig } from '../../../src/rate-limit/key-config.js';
import { useTestMock, sessionNames, T0 } from '../../helpers/mock-harness.js';

/** A fresh session per test: its own counters and bans, the same keys. */
const fresh = sessionNames('limits');
const minuteEnd = Math.ceil(T0 / 60_000) * 60; // unix seconds of the next minute boundary

const mock = useTestMock(() => {
  const config = parseKeyConfig({
    plans: { Tiny: { perMinute: 1000, perDay: 5 } },
    keys: [{ key: 'tiny-day-key', plan: 'Tiny' }, { key: 'acme-enterprise', plan: 'Enterprise', perMinute: 20000, perDay: 5000000 }],
  }, 'test-config.json');
  return { config };
});

describe('authentication (INTERFACE.md section 4)', () => {
  it('answers 401 unauthorized with WWW-Authenticate when the key is missing', async () => {
    const res = await mock.request('GET', '/pets', { key: null, session: fresh() });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthorized', status: 401 });
    expect(res.headers['www-authenticate']).toBe('ApiKey header="X-API-Key"');
  });

  it('answers 401 for an unknown key, counted per client address against the Free plan', async () => {
    // Requests without a valid key are counted per address across sessions: start from none.
    await mock.admin.reset();
    const res = await mock.request('GET', '/pets', { key: 'guess-1234', session: fresh() });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/not known/);
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('lets a read-only key read but answers 403 forbidden when it writes', async () => {
    const session = fresh();
    expect((await mock.request('GET', '/pets', { key: 'demo-readonly', session })).status).toBe(200);
    const res = await mock.request('POST', '/pets', { key: 'demo-readonly', session, body: { name: 'Readonly-Write', categoryId: 1 } });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden', status: 403 });
    const list = await mock.request('GET', '/pets?name=Readonly-Write', { key: 'demo-readonly', session });
    expect(list.body).toEqual([]);
  });

  it('accepts keys from the config file with their custom limits', async () => {
    const res = await mock.request('GET', '/categories', { key: 'acme-enterprise', session: fresh() });
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('20000');
    expect(res.headers['ratelimit-policy']).toBe('"minute";q=20000;w=60, "day";q=5000000;w=86400');
  });
});

describe('rate limits (INTERFACE.md section 5)', () => {
  it('sends the exact rate-limit headers on a first request 30 s into the minute', async () => {
    const res = await mock.request('GET', '/pets', { key: 'demo-free', session: fresh() });
    expect(res.headers['x-ratelimit-limit']).toBe('60');
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
    expect(res.headers['x-ratelimit-reset']).toBe(String(minuteEnd));
    expect(res.headers.ratelimit).toBe('"minute";r=59;t=30');
    expect(res.headers['ratelimit-policy']).toBe('"minute";q=60;w=60, "day";q=1000;w=86400');
  });

  it('counts Remaining down by one per request, errors included', async () => {
    const session = fresh();
    const remaining: string[] = [];
    for (const path of ['/pets', '/pets/999999', '/nowhere', '/pets?limit=0']) {
      remaining.push((await mock.request('GET', path, { key: 'demo-free', session })).headers['x-ratelimit-remaining']!);
    }
    expect(remaining).toEqual(['59', '58', '57', '56']);
  });

  it('answers the 61st request of a Free key in a minute 429 with Retry-After to the minute boundary', async () => {
    const session = fresh();
    for (let i = 0; i < 60; i++) expect((await mock.request('GET', '/categories', { key: 'demo-free', session })).status).toBe(200);
    const res = await mock.request('GET', '/categories', { key: 'demo-free', session });
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
    expect(res.headers['x-ratelimit-reset']).toBe(String(minuteEnd));
    await mock.admin.advanceClock(30, session);
    const next = await mock.request('GET', '/categories', { key: 'demo-free', session });
    expect(next.status).toBe(200);
    expect(next.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('binds the day window when it has fewer requests left, with Retry-After to midnight UTC', async () => {
    const session = fresh();
    for (let i = 0; i < 5; i++) {
      const ok = await mock.request('GET', '/categories', { key: 'tiny-day-key', session });
      expect(ok.headers['x-ratelimit-limit']).toBe('5');
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    const res = await mock.request('GET', '/categories', { key: 'tiny-day-key', session });
    expect(res.status).toBe(429);
    const midnight = Date.parse('2026-11-23T00:00:00Z');
    expect(res.headers['retry-after']).toBe(String(Math.ceil((midnight - T0) / 1000)));
    expect(res.headers['x-ratelimit-reset']).toBe(String(midnight / 1000));
    expect(res.headers.ratelimit).toMatch(/^"day";r=0;t=\d+$/);
  });

  it('does not count 429 answers, and bans the key on the request after its 11th 429', async () => {
    const session = fresh();
    for (let i = 0; i < 60; i++) await mock.request('GET', '/categories', { key: 'demo-free', session });
    for (let i = 0; i < 11; i++) {
      const limited = await mock.request('GET', '/categories', { key: 'demo-free', session });
      expect(limited.status, `429 number ${i + 1}`).toBe(429);
    }
    const banned = await mock.request('GET', '/categories', { key: 'demo-free', session });
    expect(banned.status).toBe(403);
    expect(banned.body).toMatchObject({ code: 'key_banned', status: 403 });
    expect(banned.headers['retry-after']).toBe('900');
    expect(banned.headers['x-ratelimit-limit']).toBeDefined();

    await mock.admin.advanceClock(600, session);
    const still = await mock.request('GET', '/categories', { key: 'demo-free', session });
    expect(still.status).toBe(403);
    expect(still.headers['retry-after']).toBe('300');
    expect((await mock.admin.key('demo-free', session)).bannedUntil).toBe(new Date(T0 + 900_000).toISOString());

    await mock.admin.advanceClock(300, session);
    const after = await mock.request('GET', '/categories', { key: 'demo-free', session });
    expect(after.status).toBe(200);
    // 60 counted in the first minute; none of the 429s or bans; the day window still holds them.
    expect((await mock.admin.key('demo-free', session)).usage).toEqual({ minute: 1, day: 61 });
  });

  it('limits requests without a key per address (429 instead of 401) but never bans them', async () => {
    // Requests without a valid key are counted per address across sessions: start from none.
    await mock.admin.reset();
    const session = fresh();
    for (let i = 0; i < 60; i++) expect((await mock.request('GET', '/pets', { key: null, session })).status).toBe(401);
    for (let i = 0; i < 15; i++) {
      const res = await mock.request('GET', '/pets', { key: null, session });
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('rate_limit_exceeded');
    }
  });

  it('counts per key: one key used up leaves the others untouched', async () => {
    const session = fresh();
    for (let i = 0; i < 61; i++) await mock.request('GET', '/categories', { key: 'demo-free', session });
    const pro = await mock.request('GET', '/categories', { key: 'demo-pro', session });
    expect(pro.status).toBe(200);
    expect(pro.headers['x-ratelimit-remaining']).toBe('299');
  });
});

describe('the order of checks (INTERFACE.md section 5)', () => {
  it('authenticates before routing: an unknown path without a key is 401', async () => {
    // Requests without a valid key are counted per address across sessions: start from none.
    await mock.admin.reset();
    expect((await mock.request('GET', '/nowhere', { key: null, session: fresh() })).status).toBe(401);
  });

  it('rate-limits before routing and validation', async () => {
    const session = fresh();
    for (let i = 0; i < 60; i++) await mock.request('GET', '/categories', { key: 'demo-free', session });
    expect((await mock.request('GET', '/nowhere', { key: 'demo-free', session })).status).toBe(429);
    expect((await mock.request('POST', '/pets', { key: 'demo-free', session, body: { bad: true } })).status).toBe(429);
  });

  it('routes before scope, scope before media type, media type before validation', async () => {
    const session = fresh();
    expect((await mock.request('POST', '/nowhere', { key: 'demo-readonly', session })).status).toBe(404);
    expect((await mock.request('POST', '/pets', { key: 'demo-readonly', session, rawBody: 'x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(403);
    expect((await mock.request('POST', '/pets', { session, rawBody: '{"name": 1}', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect((await mock.request('POST', '/pets', { session, body: { name: 1 } })).status).toBe(400);
  });

  it('answers a banned key 403 key_banned before anything else', async () => {
    const session = fresh();
    await mock.admin.ban('demo-pro', session);
    const res = await mock.request('GET', '/nowhere', { key: 'demo-pro', session });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('key_banned');
    expect(res.headers['retry-after']).toBe('900');
    await mock.admin.unban('demo-pro', session);
    expect((await mock.request('GET', '/pets', { key: 'demo-pro', session })).status).toBe(200);
  });
});
