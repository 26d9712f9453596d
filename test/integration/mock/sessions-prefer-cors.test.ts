import { describe, expect, it } from 'vitest';
import { useTestMock, startTestMock } from '../../helpers/mock-harness.js';

const mock = useTestMock();

describe('sessions (X-Mock-Session)', () => {
  it('gives each session its own store: a pet created in one is not seen in another', async () => {
    const created = await mock.request('POST', '/pets', { session: 'job-a', body: { name: 'Only-In-A', categoryId: 1 } });
    expect(created.status).toBe(201);
    const inA = await mock.request('GET', '/pets?name=Only-In-A', { session: 'job-a' });
    const inB = await mock.request('GET', '/pets?name=Only-In-A', { session: 'job-b' });
    const inDefault = await mock.request('GET', '/pets?name=Only-In-A');
    expect(inA.body).toHaveLength(1);
    expect(inB.body).toEqual([]);
    expect(inDefault.body).toEqual([]);
  });

  it('starts every session from the same seed data', async () => {
    const a = await mock.request('GET', '/pets?limit=100', { session: 'seed-a' });
    const b = await mock.request('GET', '/pets?limit=100', { session: 'seed-b' });
    expect(a.text).toBe(b.text);
    expect(Number(a.headers['x-total-count'])).toBeGreaterThanOrEqual(50);
  });

  it('gives each session its own clock and counters', async () => {
    await mock.admin.setClock('2027-07-01T00:00:00Z', 'late');
    expect((await mock.admin.clock('late')).frozen).toBe(true);
    expect((await mock.admin.clock('early')).frozen).toBe(false);
    const late = await mock.request('GET', '/pets/1', { session: 'late' });
    expect(late.status).toBe(410);
    expect(late.headers.date).toBe('Thu, 01 Jul 2027 00:00:00 GMT'); // Date follows the session clock
    expect((await mock.request('GET', '/pets/1', { session: 'early' })).status).toBe(200);
    const first = await mock.request('GET', '/pets', { session: 'counter-x', key: 'demo-free' });
    const other = await mock.request('GET', '/pets', { session: 'counter-y', key: 'demo-free' });
    expect(first.headers['x-ratelimit-remaining']).toBe('59');
    expect(other.headers['x-ratelimit-remaining']).toBe('59');
  });

  it('evicts the least recently used session beyond the cap', async () => {
    const small = await startTestMock({ config: { ...mock.setup.config, sessions: { max: 3 } } });
    try {
      await small.request('POST', '/categories', { session: 's1', body: { name: 'kept-s1' } });
      await small.request('GET', '/categories', { session: 's2' });
      await small.request('GET', '/categories?limit=100', { session: 's1' }); // s1 used again: s2 is now oldest
      await small.request('GET', '/categories', { session: 's3' }); // default + s1 + s3: s2 goes
      expect(small.setup.sessions.size).toBe(3);
      const s1 = await small.request('GET', '/categories?limit=100', { session: 's1' });
      expect(s1.body.map((c: { name: string }) => c.name)).toContain('kept-s1');
    } finally {
      await small.close();
    }
    expect(small.contractProblems).toEqual([]);
  });

  it('rejects an unusable session name with 400', async () => {
    const res = await mock.request('GET', '/pets', { session: 'x'.repeat(200) });
    expect(res.status).toBe(400);
    expect(res.body.details[0].path).toBe('/header/x-mock-session');
  });
});

describe('Prefer', () => {
  it('code=404 answers that documented status with a schema-valid body, leaving the store alone', async () => {
    const res = await mock.request('GET', '/pets/1', { headers: { Prefer: 'code=404' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', status: 404 });
    expect(res.headers['preference-applied']).toBe('code=404');
    expect(res.headers.deprecation).toBe('@1767225600');
  });

  it('example=NAME answers with that named example', async () => {
    const res = await mock.request('POST', '/pets', { headers: { Prefer: 'example=pendingCat' }, body: { name: 'Ignored', categoryId: 1 } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 52, name: 'Tom', categoryId: 2, status: 'pending' });
    expect(res.headers.location).toBe('/pets/52');
    const banned = await mock.request('GET', '/pets', { headers: { Prefer: 'example=banned' } });
    expect(banned.status).toBe(403);
    expect(banned.headers['retry-after']).toBeDefined();
  });

  it('dynamic=true answers freshly generated data instead of the store', async () => {
    const res = await mock.request('GET', '/store/orders', { headers: { Prefer: 'dynamic=true' } });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.headers['x-total-count']).toBe(String(res.body.length));
    const stored = await mock.request('GET', '/store/orders');
    expect(res.text).not.toBe(stored.text);
  });

  it('ignores a preference it cannot meet (undocumented code, unknown example)', async () => {
    const code = await mock.request('GET', '/pets/1', { headers: { Prefer: 'code=418' } });
    expect(code.status).toBe(200);
    expect(code.headers['preference-applied']).toBeUndefined();
    const example = await mock.request('GET', '/categories/1', { headers: { Prefer: 'example=nope' } });
    expect(example.status).toBe(200);
    expect(example.body.id).toBe(1);
  });

  it('still authenticates, limits and validates a request with Prefer', async () => {
    expect((await mock.request('GET', '/pets/1', { key: null, headers: { Prefer: 'code=200' } })).status).toBe(401);
    expect((await mock.request('POST', '/pets', { headers: { Prefer: 'code=201' }, body: {} })).status).toBe(400);
  });
});

describe('CORS', () => {
  it('answers a preflight with 204, the methods of the path and the requested headers, uncounted', async () => {
    const res = await fetch(`${mock.url}/pets/1`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Headers': 'x-api-key, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, PUT, DELETE, PATCH, HEAD, OPTIONS');
    expect(res.headers.get('access-control-allow-headers')).toBe('x-api-key, content-type');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('exposes every header of sections 2-5 to browser code', async () => {
    const res = await mock.request('GET', '/pets', { headers: { Origin: 'http://localhost:3000' } });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const exposed = res.headers['access-control-expose-headers']!.split(', ');
    for (const name of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Total-Count', 'Link', 'Location', 'Deprecation', 'Sunset', 'Mock-Error-Reason']) {
      expect(exposed).toContain(name);
    }
  });
});

describe('HEAD', () => {
  it('answers with the headers GET would send, Content-Type and Content-Length included, and no body', async () => {
    const get = await mock.request('GET', '/categories/1', { session: 'head' });
    const head = await mock.request('HEAD', '/categories/1', { session: 'head' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-type']).toBe('application/json');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['x-ratelimit-limit']).toBe(get.headers['x-ratelimit-limit']);
  });
});
