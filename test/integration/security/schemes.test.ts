import { describe, expect, it } from 'vitest';
import { sessionNames } from '../../helpers/mock-harness.js';
import { useSecurityMock } from './security-fixture.js';

/** INTERFACE.md section 10, "Security from the document": each scheme kind on a real mock. */
const fresh = sessionNames('schemes');
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** [what, method, path, headers carrying KEY, the challenge of a 401] */
const SCHEMES: [string, string, string, (key: string) => Record<string, string>, string][] = [
  ['http bearer (the document default)', 'GET', '/pets?limit=1', (key) => ({ Authorization: `Bearer ${key}` }), 'Bearer'],
  ['apiKey in the query', 'GET', '/pets/1?api_key=KEY', () => ({}), 'ApiKey query="api_key"'],
  ['apiKey in a cookie', 'GET', '/categories', (key) => ({ Cookie: `theme=dark; sid=${key}` }), 'ApiKey cookie="sid"'],
  ['http basic (the password)', 'GET', '/categories/1', (key) => ({ Authorization: basic('qa', key) }), 'Basic realm="petstore-kit"'],
  ['oauth2 (a bearer token)', 'GET', '/store/orders?limit=1', (key) => ({ Authorization: `Bearer ${key}` }), 'Bearer'],
  ['openIdConnect (a bearer token)', 'GET', '/store/orders/1', (key) => ({ Authorization: `bearer ${key}` }), 'Bearer'],
];
const withKey = (path: string, key: string) => path.replace('KEY', encodeURIComponent(key));
const withoutKey = (path: string) => path.replace(/[?&]api_key=KEY/, '');

describe('known-keys: only the demo and configured keys pass, wherever the document puts them', () => {
  const mock = useSecurityMock('mixed-schemes', { auth: 'known-keys' });

  for (const [what, method, path, credential, challenge] of SCHEMES) {
    it(`${what}: a demo key passes, an unknown one and none get 401 with WWW-Authenticate: ${challenge}`, async () => {
      const session = { 'X-Mock-Session': fresh() };
      const ok = await mock.request(method, withKey(path, 'demo-pro'), { ...session, ...credential('demo-pro') });
      expect(ok.status).toBe(200);
      expect(ok.headers['x-ratelimit-limit']).toBe('300');

      const unknown = await mock.request(method, withKey(path, 'guess-1234'), { ...session, ...credential('guess-1234') });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toMatchObject({ code: 'unauthorized', status: 401, message: expect.stringMatching(/not known/) });
      expect(unknown.headers['www-authenticate']).toBe(challenge);

      const none = await mock.request(method, withoutKey(path), session);
      expect(none.status).toBe(401);
      expect(none.body).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/is required/) });
      expect(none.headers['www-authenticate']).toBe(challenge);
      // Refused requests are counted per client address under the Free plan.
      expect(none.headers['x-ratelimit-limit']).toBe('60');
      expect(none.headers['x-ratelimit-remaining']).toBe('58');
    });
  }

  it('OR: either alternative passes, and a 401 offers both challenges', async () => {
    const session = { 'X-Mock-Session': fresh() };
    expect((await mock.request('GET', '/store/inventory/1', { ...session, Authorization: 'Bearer demo-free' })).status).toBe(200);
    expect((await mock.request('GET', '/store/inventory/1?api_key=demo-free', session)).status).toBe(200);
    expect((await mock.request('GET', '/store/inventory/1?api_key=demo-free', { ...session, Authorization: 'Bearer guess-1234' })).status).toBe(200);
    const none = await mock.request('GET', '/store/inventory/1', session);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer, ApiKey query="api_key"');
  });

  it('AND: both credentials must come; the known one names the client', async () => {
    const session = { 'X-Mock-Session': fresh() };
    const onlyOne = await mock.request('POST', '/categories', { ...session, 'X-API-Key': 'demo-business' }, { name: 'Ferrets' });
    expect(onlyOne.status).toBe(401);
    expect(onlyOne.headers['www-authenticate']).toBe('ApiKey header="X-API-Key", Bearer');
    const both = await mock.request('POST', '/categories', { ...session, 'X-API-Key': 'demo-business', Authorization: 'Bearer user-token-1' }, { name: 'Ferrets' });
    expect(both.status).toBe(201);
    expect(both.headers['x-ratelimit-limit']).toBe('1000');
  });

  it('a public operation (security: []) answers without a credential, counted per client address under the Free plan', async () => {
    const session = { 'X-Mock-Session': fresh() };
    const first = await mock.request('GET', '/store/inventory?limit=2', session);
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(2);
    expect(first.headers['x-ratelimit-limit']).toBe('60');
    expect(first.headers['x-ratelimit-remaining']).toBe('59');
    const withKey = await mock.request('GET', '/store/inventory?limit=2', { ...session, Authorization: 'Bearer demo-pro' });
    expect(withKey.headers['x-ratelimit-remaining']).toBe('58');
  });

  it("answers a request that matches no operation by the document's own security", async () => {
    const none = await mock.request('GET', '/nowhere', { 'X-Mock-Session': fresh() });
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect((await mock.request('GET', '/nowhere', { 'X-Mock-Session': fresh(), Authorization: 'Bearer demo-pro' })).status).toBe(404);
  });

  it("keeps a known key's read-only scope whatever scheme carries it", async () => {
    const res = await mock.request('DELETE', '/pets/1', { 'X-Mock-Session': fresh(), Authorization: 'Bearer demo-readonly' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden' });
  });

  it('an http scheme it cannot check (digest) asks for it in the 401 and refuses values that are not keys', async () => {
    const session = { 'X-Mock-Session': fresh() };
    const none = await mock.request('DELETE', '/store/orders/1', session);
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('digest realm="petstore-kit"');
    expect((await mock.request('DELETE', '/store/orders/1', { ...session, Authorization: 'Digest username="qa", response="x"' })).status).toBe(401);
  });

  it('masks every kind of credential in the journal', async () => {
    const session = fresh();
    await mock.request('GET', '/categories', { 'X-Mock-Session': session, Cookie: 'sid=demo-enterprise' });
    await mock.request('GET', '/categories/1', { 'X-Mock-Session': session, Authorization: basic('qa', 'secret-password-77') });
    await mock.request('GET', '/pets/1?api_key=query-secret-42', { 'X-Mock-Session': session });
    const journal = await mock.admin.requests(session);
    expect(journal.map((entry: { status: number; key: string | null }) => [entry.status, entry.key])).toEqual([[200, 'demo…se'], [401, 'secr…77'], [401, 'quer…42']]);
    expect(JSON.stringify(journal)).not.toMatch(/secret-password-77|query-secret-42/);
  });
});
