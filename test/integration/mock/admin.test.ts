import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useTestMock, startTestMock, T0 } from '../../helpers/mock-harness.js';

const mock = useTestMock();

const admin = (path: string, init: RequestInit = {}) => fetch(`${mock.url}/__admin${path}`, init);

describe('/__admin/reset', () => {
  it('puts one session back to the seed data, counters and clock, leaving the others', async () => {
    await mock.request('DELETE', '/store/orders/1', { session: 'r1' }).catch(() => undefined);
    await mock.request('POST', '/categories', { session: 'r1', body: { name: 'temp' } });
    await mock.request('POST', '/categories', { session: 'r2', body: { name: 'temp' } });
    await mock.admin.advanceClock(3600, 'r1');
    await mock.admin.reset('r1');
    const r1 = await mock.request('GET', '/categories?limit=100', { session: 'r1', key: 'demo-free' });
    const r2 = await mock.request('GET', '/categories?limit=100', { session: 'r2' });
    expect(r1.body.map((c: { name: string }) => c.name)).not.toContain('temp');
    expect(r2.body.map((c: { name: string }) => c.name)).toContain('temp');
    expect(r1.headers['x-ratelimit-remaining']).toBe('59');
    expect(await mock.admin.clock('r1')).toEqual({ now: new Date(T0).toISOString(), frozen: false });
  });

  it('without X-Mock-Session resets every session', async () => {
    await mock.request('POST', '/categories', { session: 'all-1', body: { name: 'temp-all' } });
    await mock.request('POST', '/categories', { body: { name: 'temp-all' } });
    const res = await admin('/reset', { method: 'POST' });
    expect(res.status).toBe(204);
    for (const session of ['all-1', undefined]) {
      const list = await mock.request('GET', '/categories?limit=100', { session });
      expect(list.body.map((c: { name: string }) => c.name)).not.toContain('temp-all');
    }
  });
});

describe('/__admin/clock', () => {
  it('reports the clock, and a moved clock stands still until moved again', async () => {
    expect(await mock.admin.clock('c')).toEqual({ now: new Date(T0).toISOString(), frozen: false });
    expect(await mock.admin.setClock('2027-01-01T00:00:00Z', 'c')).toEqual({ now: '2027-01-01T00:00:00.000Z', frozen: true });
    mock.clock.advance(3600); // the real clock moves on; the session's does not
    expect((await mock.admin.clock('c')).now).toBe('2027-01-01T00:00:00.000Z');
    expect(await mock.admin.advanceClock(90, 'c')).toEqual({ now: '2027-01-01T00:01:30.000Z', frozen: true });
    mock.clock.advance(-3600);
  });

  it('refuses a malformed clock command with 400 and an Error body', async () => {
    for (const body of [{}, { set: 'tomorrow' }, { advanceSeconds: 'ten' }, { set: '2027-01-01T00:00:00Z', advanceSeconds: 1 }]) {
      const res = await admin('/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'validation_failed', status: 400 });
    }
    const malformed = await admin('/clock', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"set":' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'validation_failed', status: 400 });
  });
});

describe('/__admin/keys', () => {
  it('lists every demo key with plan, limits, scope, usage and ban', async () => {
    await mock.request('GET', '/pets', { key: 'demo-pro', session: 'k1' });
    const keys = await mock.admin.keys('k1');
    expect(keys.map((k) => k.key)).toEqual(['demo-free', 'demo-pro', 'demo-business', 'demo-enterprise', 'demo-readonly']);
    expect(keys.find((k) => k.key === 'demo-pro')).toEqual({
      key: 'demo-pro', plan: 'Pro', perMinute: 300, perDay: 10000, scope: 'read-write', usage: { minute: 1, day: 1 }, bannedUntil: null,
    });
    expect(keys.find((k) => k.key === 'demo-enterprise')).toMatchObject({ perMinute: 5000, perDay: 1000000 });
    expect(keys.find((k) => k.key === 'demo-readonly')).toMatchObject({ plan: 'Free', scope: 'read-only' });
  });

  it('adds a key (201) that works at once in every session, and removes it', async () => {
    const added = await admin('/keys', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key: 'qa-team-key', plan: 'Pro', perMinute: 5 }) });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ key: 'qa-team-key', plan: 'Pro', perMinute: 5, perDay: 10000, scope: 'read-write' });
    expect((await mock.request('GET', '/pets', { key: 'qa-team-key', session: 'k2' })).headers['x-ratelimit-limit']).toBe('5');
    expect((await mock.admin.key('qa-team-key')).plan).toBe('Pro');
    const again = await admin('/keys', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key: 'qa-team-key', plan: 'Pro' }) });
    expect(again.status).toBe(409);
    await mock.admin.deleteKey('qa-team-key');
    expect((await mock.request('GET', '/pets', { key: 'qa-team-key', session: 'k2' })).status).toBe(401);
    expect((await admin('/keys/qa-team-key')).status).toBe(404);
  });

  it('refuses a key naming no plan, with the field named', async () => {
    const res = await admin('/keys', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ key: 'x-key-123', plan: 'Gold' }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/plan/);
  });

  it('bans and unbans a key now, in the session named', async () => {
    const banned = await mock.admin.ban('demo-business', 'b1');
    expect(banned.bannedUntil).toBe(new Date(T0 + 900_000).toISOString());
    expect((await mock.request('GET', '/pets', { key: 'demo-business', session: 'b1' })).status).toBe(403);
    expect((await mock.request('GET', '/pets', { key: 'demo-business', session: 'b2' })).status).toBe(200);
    expect((await mock.admin.unban('demo-business', 'b1')).bannedUntil).toBeNull();
    expect((await mock.request('GET', '/pets', { key: 'demo-business', session: 'b1' })).status).toBe(200);
  });
});

describe('/__admin/faults', () => {
  it('makes the next `times` matching requests fail with that status and an Error body, then stops', async () => {
    await mock.admin.addFault({ method: 'GET', path: '/pets/{petId}', times: 2, status: 503, delayMs: 10 }, 'f1');
    expect(await mock.admin.faults('f1')).toEqual([{ method: 'GET', path: '/pets/{petId}', times: 2, status: 503, delayMs: 10 }]);
    expect((await mock.request('GET', '/pets', { session: 'f1' })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const res = await mock.request('GET', '/pets/3', { session: 'f1', undocumented: true });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 503 });
      expect(res.headers['x-ratelimit-limit']).toBeDefined();
    }
    expect((await mock.request('GET', '/pets/3', { session: 'f1' })).status).toBe(200);
    expect(await mock.admin.faults('f1')).toEqual([]);
  });

  it('clears faults with DELETE and refuses malformed ones', async () => {
    await mock.admin.addFault({ times: 5, status: 500 }, 'f2');
    await mock.admin.clearFaults('f2');
    expect((await mock.request('GET', '/pets', { session: 'f2' })).status).toBe(200);
    const bad = await admin('/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ times: 0, status: 200 }) });
    expect(bad.status).toBe(400);
  });
});

describe('/__admin/requests', () => {
  it('journals the session requests, newest last, with the key masked', async () => {
    await mock.request('GET', '/pets?limit=1', { session: 'j1', key: 'demo-business' });
    await mock.request('GET', '/nowhere', { session: 'j1', key: null });
    const journal = await mock.admin.requests('j1');
    expect(journal).toHaveLength(2);
    expect(journal[0]).toMatchObject({ method: 'GET', path: '/pets', status: 200, key: 'demo…ss', time: new Date(T0).toISOString() });
    expect(journal[1]).toMatchObject({ path: '/nowhere', status: 401, key: null });
    expect(JSON.stringify(journal)).not.toContain('demo-business');
  });

  it('keeps only the last 1,000 requests', async () => {
    // Plain fetch: these 1,005 answers need no contract check, and the check would dominate the time.
    for (let i = 0; i < 1005; i++) {
      await (await fetch(`${mock.url}/categories?i=${i}`, { headers: { 'X-API-Key': 'demo-enterprise', 'X-Mock-Session': 'j2' } })).arrayBuffer();
    }
    const journal = await mock.admin.requests('j2');
    expect(journal).toHaveLength(1000);
  });

  it('is not counted and not rate limited', async () => {
    for (let i = 0; i < 70; i++) await mock.admin.clock('j3');
    const res = await mock.request('GET', '/pets', { session: 'j3', key: 'demo-free' });
    expect(res.headers['x-ratelimit-remaining']).toBe('59');
  });
});

describe('a control API without --admin-token answers this machine only', () => {
  it('refuses a page on another site: a cross-site POST /__admin/reset is 403 and resets nothing', async () => {
    await mock.request('POST', '/categories', { session: 'csrf', body: { name: 'survives' } });
    const res = await admin('/reset', { method: 'POST', headers: { Origin: 'https://evil.example', 'X-Mock-Session': 'csrf' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden', status: 403 });
    const list = await mock.request('GET', '/categories?limit=100', { session: 'csrf' });
    expect(list.body.map((c: { name: string }) => c.name)).toContain('survives');
  });

  it('refuses a foreign Host (DNS rebinding) and a null Origin', async () => {
    // fetch sets Host itself; node:http sends the one given.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${mock.url}/__admin/keys`, { headers: { Host: 'rebound.evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject).end();
    });
    expect(status).toBe(403);
    expect((await admin('/keys', { headers: { Origin: 'null' } })).status).toBe(403);
  });

  it('answers local tools (no Origin) and local pages (a loopback Origin on any port)', async () => {
    expect((await admin('/clock')).status).toBe(200);
    expect((await admin('/clock', { headers: { Origin: 'http://localhost:3000' } })).status).toBe(200);
    expect((await admin('/clock', { headers: { Origin: 'http://127.0.0.1:5173' } })).status).toBe(200);
  });
});

describe('admin token', () => {
  it('requires Authorization: Bearer <token> when the mock has one', async () => {
    const guarded = await startTestMock({ adminToken: 'secret-token-123' });
    try {
      const without = await fetch(`${guarded.url}/__admin/keys`);
      expect(without.status).toBe(401);
      expect(await without.json()).toMatchObject({ code: 'unauthorized', status: 401 });
      const wrong = await fetch(`${guarded.url}/__admin/keys`, { headers: { Authorization: 'Bearer secret-token-124' } });
      expect(wrong.status).toBe(401);
      expect((await guarded.admin.keys()).length).toBe(5);
      // With a token, the token decides: a page elsewhere that holds it may use the control API.
      const elsewhere = await fetch(`${guarded.url}/__admin/clock`, { headers: { Authorization: 'Bearer secret-token-123', Origin: 'https://qa.example' } });
      expect(elsewhere.status).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('answers an unknown control endpoint 404 with an Error body', async () => {
    const res = await admin('/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'not_found', status: 404 });
  });
});
