import { describe, expect, it } from 'vitest';
import { sessionNames, T0 } from '../../helpers/mock-harness.js';
import { useSecurityMock } from './security-fixture.js';

const fresh = sessionNames('any');
const minuteEnd = Math.ceil(T0 / 60_000) * 60;

describe('any-credential with --default-plan Free: every non-empty credential passes, counted on its own', () => {
  const mock = useSecurityMock('mixed-schemes', { auth: 'any-credential', defaultPlan: 'Free' });

  it('answers the 61st request of one token 429 while another token still has its whole minute', async () => {
    const session = { 'X-Mock-Session': fresh() };
    const alice = { ...session, Authorization: 'Bearer token-alice-1' };
    const bob = { ...session, Authorization: 'Bearer token-bob-2' };
    for (let i = 0; i < 60; i++) {
      const ok = await mock.request('GET', '/pets?limit=1', alice);
      expect(ok.status).toBe(200);
      expect(ok.headers['x-ratelimit-remaining']).toBe(String(59 - i));
    }
    const limited = await mock.request('GET', '/pets?limit=1', alice);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expect(limited.headers['retry-after']).toBe('30');
    expect(limited.headers['x-ratelimit-reset']).toBe(String(minuteEnd));

    const other = await mock.request('GET', '/pets?limit=1', bob);
    expect(other.status).toBe(200);
    expect(other.headers['x-ratelimit-limit']).toBe('60');
    expect(other.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('takes any value in each scheme kind, read-write, while a missing one is still 401', async () => {
    const session = { 'X-Mock-Session': fresh() };
    const basic = `Basic ${Buffer.from('anyone:any-password').toString('base64')}`;
    expect((await mock.request('GET', '/pets/1?api_key=anything', session)).status).toBe(200);
    expect((await mock.request('GET', '/categories', { ...session, Cookie: 'sid=anything' })).status).toBe(200);
    expect((await mock.request('GET', '/categories/1', { ...session, Authorization: basic })).status).toBe(200);
    expect((await mock.request('GET', '/store/orders/1', { ...session, Authorization: 'Bearer x' })).status).toBe(200);
    expect((await mock.request('DELETE', '/store/orders/1', { ...session, Authorization: 'Digest username="qa"' })).status).not.toBe(401);
    const created = await mock.request('POST', '/categories', { ...session, 'X-API-Key': 'app-1', Authorization: 'Bearer user-1' }, { name: 'Ferrets' });
    expect(created.status).toBe(201);
    const missing = await mock.request('GET', '/pets?limit=1', { ...session, Authorization: 'Bearer ' });
    expect(missing.status).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a credential that begins with "invalid" in each scheme kind, as a wrong one (decision 089)', async () => {
    const session = { 'X-Mock-Session': fresh() };
    const basic = `Basic ${Buffer.from('anyone:Invalid-password').toString('base64')}`;
    const wrongKey = await mock.request('GET', '/pets/1?api_key=invalid-key', session);
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toMatchObject({ code: 'unauthorized', status: 401 });
    expect((await mock.request('GET', '/categories/1', { ...session, Authorization: basic })).status).toBe(401);
    const bearer = await mock.request('GET', '/store/orders/1', { ...session, Authorization: 'Bearer INVALID-token' });
    expect(bearer.status).toBe(401);
    expect(bearer.headers['www-authenticate']).toBeDefined();
    // Only the first word counts: a credential that merely contains it passes.
    expect((await mock.request('GET', '/store/orders/1', { ...session, Authorization: 'Bearer token-invalid' })).status).toBe(200);
  });

  it('keeps the plan and scope of a known key', async () => {
    const session = { 'X-Mock-Session': fresh() };
    const pro = await mock.request('GET', '/pets?limit=1', { ...session, Authorization: 'Bearer demo-pro' });
    expect(pro.headers['x-ratelimit-limit']).toBe('300');
    expect((await mock.request('DELETE', '/pets/1', { ...session, Authorization: 'Bearer demo-readonly' })).status).toBe(403);
  });
});

describe('the default mode', () => {
  const mock = useSecurityMock('mixed-schemes');

  it('is any-credential for a document other than the bundled one, under the Pro plan', async () => {
    const res = await mock.request('GET', '/pets?limit=1', { 'X-Mock-Session': fresh(), Authorization: 'Bearer made-up-token' });
    expect(res.status).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBe('300');
    expect(mock.setup.auth).toEqual({ mode: 'any-credential', defaultPlan: 'Pro' });
  });
});
