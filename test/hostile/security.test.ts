import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exposedAdminWarning } from '../../src/cli/mock-command.js';
import { expectHealthy, rawRequest, startHostileMock, type Answer, type HostileMock } from './hostile-kit.js';

/* The control API behind its token, keys never shown in full, CORS without credentials. */

const JSON_TYPE = { 'Content-Type': 'application/json' };
const TOKEN = 'hostile-admin-token-42';

describe('/__admin behind --admin-token', () => {
  let mock: HostileMock;
  beforeAll(async () => {
    mock = await startHostileMock({ adminToken: TOKEN });
  });
  afterAll(async () => {
    await mock?.close();
  });

  const refused: [string, Record<string, string>][] = [
    ['no Authorization', {}],
    ['an empty bearer', { Authorization: 'Bearer ' }],
    ['the scheme alone', { Authorization: 'Bearer' }],
    ['a wrong token of the same length', { Authorization: `Bearer ${'x'.repeat(TOKEN.length)}` }],
    ['a prefix of the token', { Authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ['a one-character prefix', { Authorization: `Bearer ${TOKEN[0]}` }],
    ['the token and more', { Authorization: `Bearer ${TOKEN}x` }],
    ['the token twice', { Authorization: `Bearer ${TOKEN}${TOKEN}` }],
    ['the token in upper case', { Authorization: `Bearer ${TOKEN.toUpperCase()}` }],
    ['the token without a scheme', { Authorization: TOKEN }],
    ['Basic with the token', { Authorization: `Basic ${Buffer.from(`admin:${TOKEN}`).toString('base64')}` }],
    ['two spaces after Bearer', { Authorization: `Bearer  ${TOKEN}` }],
    ['the token in another header', { 'X-Admin-Token': TOKEN }],
    ['the token as an API key', { 'X-API-Key': TOKEN }],
  ];

  it('refuses wrong, absent and prefix tokens with 401, WWW-Authenticate and the Error object, on every endpoint', async () => {
    for (const [method, path] of [['GET', '/__admin/keys'], ['POST', '/__admin/reset'], ['GET', '/__admin/requests'], ['POST', '/__admin/clock'], ['DELETE', '/__admin/faults'], ['GET', '/__admin/nothing']]) {
      for (const [what, headers] of refused) {
        const answer = await mock.send(method!, path!, { headers, key: null });
        expect(answer.status, `${method} ${path} with ${what}`).toBe(401);
        expect(answer.headers['www-authenticate']).toBe('Bearer');
        expect(JSON.parse(answer.text)).toMatchObject({ code: 'unauthorized', status: 401 });
        expect(answer.text).not.toContain(TOKEN);
      }
    }
  });

  it('refuses the token in the query string, and changes nothing without it', async () => {
    const answer = await mock.send('POST', `/__admin/clock?token=${TOKEN}`, { body: '{"set":"2030-01-01T00:00:00Z"}', headers: JSON_TYPE, key: null });
    expect(answer.status).toBe(401);
    expect((await mock.send('GET', '/__admin/clock', { headers: { Authorization: `Bearer ${TOKEN}` } })).text).toContain('"frozen":false');
  });

  it('accepts exactly the token', async () => {
    const answer = await mock.send('GET', '/__admin/keys', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
  });

  it('cannot be reached around the token by spelling the path differently', async () => {
    for (const target of ['/__admin/../__admin/keys', '/__admin/./keys', '/__admin//keys', '/__ADMIN/keys', '/%5F%5Fadmin/keys', '/__admin%2Fkeys', '//__admin/keys', '/pets/../__admin/keys', 'http://127.0.0.1/__admin/keys']) {
      const result = await mock.raw([rawRequest('GET', target, { 'X-API-Key': null })], { answers: 1 });
      const answer = result.answers[0]!;
      expect([401, 404], `${target}: ${answer.text.slice(0, 200)}`).toContain(answer.status);
      expect(answer.text).not.toContain('demo-enterprise');
    }
    await expectHealthy(mock);
  });
});

describe('the warning for a control API reachable from other machines', () => {
  it('warns for a non-loopback address without a token, and only then', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '::ffff:10.0.0.1']) {
      expect(exposedAdminWarning(host, undefined), host).toMatch(/^warning: listening on .*--admin-token/);
      expect(exposedAdminWarning(host, 'a-long-enough-token'), host).toBeUndefined();
    }
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost']) expect(exposedAdminWarning(host, undefined), host).toBeUndefined();
  });
});

describe('keys are never shown in full', () => {
  const SECRET = 'super-secret-key-0123456789';
  const GUESS = 'super-secret-guess';
  let mock: HostileMock;
  const answers: Answer[] = [];
  beforeAll(async () => {
    mock = await startHostileMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('keeps the key out of log lines, the journal and every API answer, whatever the answer', async () => {
    const session = 'secret-keys';
    const added = await mock.send('POST', '/__admin/keys', { body: JSON.stringify({ key: SECRET, plan: 'Free', perMinute: 6 }), headers: JSON_TYPE });
    expect(added.status).toBe(201);
    const duplicate = await mock.send('POST', '/__admin/keys', { body: JSON.stringify({ key: SECRET, plan: 'Free' }), headers: JSON_TYPE });
    expect(duplicate.status).toBe(409);
    expect(duplicate.text).not.toContain(SECRET);
    const send = async (method: string, path: string, key: string, body?: string) => {
      const answer = await mock.send(method, path, { key, session, body, headers: body ? JSON_TYPE : {} });
      answers.push(answer);
      return answer.status;
    };
    const statuses = [
      await send('GET', '/pets?limit=1', SECRET),
      await send('GET', '/pets/999999', SECRET),
      await send('POST', '/pets', SECRET, '{"name":""}'),
      await send('PROPFIND', '/pets', SECRET),
      await send('GET', '/nowhere', SECRET),
      await send('GET', '/pets/abc', ` ${SECRET} `),
    ];
    for (let i = 0; i < 12; i++) statuses.push(await send('GET', '/pets?limit=1', SECRET));
    for (const key of [GUESS, SECRET.toUpperCase(), `${SECRET}x`, SECRET.slice(0, -1)]) statuses.push(await send('GET', '/pets?limit=1', key));
    expect(statuses).toEqual([200, 404, 400, 405, 404, 400, ...Array(11).fill(429), 403, 401, 401, 401, 401]);

    const journal = (await mock.send('GET', '/__admin/requests', { session })).text;
    const { out, err } = mock.logged();
    for (const [where, text] of [['the log', out + err], ['the journal', journal], ['the answers', answers.map((a) => a.text + JSON.stringify(a.headers)).join('\n')]] as const) {
      for (const key of [SECRET, GUESS, SECRET.toUpperCase(), SECRET.slice(0, -1)]) expect(text, `${key} in ${where}`).not.toContain(key);
    }
    expect(journal).toContain('"key":"supe…89"');
    expect(journal).toContain('"key":"supe…ss"');
    expect(out).toMatch(/GET\s+\/pets 200 [\d.]+ms key=supe…89 session=secret-keys/);
    expect(out).toMatch(/GET\s+\/pets 401 [\d.]+ms key=supe…ss/);
    await expectHealthy(mock, [session]);
  });
});

describe('CORS', () => {
  let mock: HostileMock;
  beforeAll(async () => {
    mock = await startHostileMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('answers any origin with the wildcard on the API, none on /__admin, and never allows credentials', async () => {
    const origin = { Origin: 'https://evil.example', Cookie: 'session=1' };
    const preflight = await mock.send('OPTIONS', '/pets/1', { key: null, headers: { ...origin, 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Headers': 'X-API-Key, Content-Type' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toContain('DELETE');
    const answers = [
      preflight,
      await mock.send('GET', '/pets?limit=1', { headers: origin }),
      await mock.send('GET', '/pets?limit=1', { headers: origin, key: null }),
      await mock.send('POST', '/pets', { headers: { ...origin, 'Content-Type': 'text/plain' }, body: '{}' }),
    ];
    for (const answer of answers) {
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
    // The control API allows loopback origins only (test/hostile/admin-cors.test.ts).
    for (const answer of [await mock.send('GET', '/__admin/clock', { headers: origin }), await mock.send('GET', '/__admin/nothing', { headers: origin })]) {
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('echoes requested headers only when they are plain header names', async () => {
    for (const requested of ['X-API-Key, <script>', 'a'.repeat(2_000), 'X-API-Key,,', 'X-API-Key; drop']) {
      const answer = await mock.send('OPTIONS', '/pets', { key: null, headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': requested } });
      expect(answer.status).toBe(204);
      expect(answer.headers['access-control-allow-headers'], requested.slice(0, 40)).toBe('X-API-Key, Content-Type, Prefer, X-Mock-Session, Authorization');
    }
    await expectHealthy(mock);
  });
});
