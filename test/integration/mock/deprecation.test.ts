import { describe, expect, it } from 'vitest';
import { parseKeyConfig } from '../../../src/rate-limit/key-config.js';
import { useTestMock, sessionNames, type ApiResponse } from '../../helpers/mock-harness.js';

/* INTERFACE.md section 3: GET /pets/{petId} is deprecated and withdrawn at the sunset instant. */

const DEPRECATION = '@1767225600'; // 2026-01-01T00:00:00Z
const SUNSET = 'Wed, 30 Jun 2027 23:59:59 GMT';
const SUNSET_INSTANT = '2027-06-30T23:59:59Z';

const fresh = sessionNames('deprecation');

const mock = useTestMock(() => {
  const config = parseKeyConfig({
    plans: { TwoPerMinute: { perMinute: 2, perDay: 1000 } },
    keys: [{ key: 'deprecation-two-per-minute', plan: 'TwoPerMinute' }],
  }, 'deprecation-test-config.json');
  return { config };
});

/** HEAD answers carry GET's headers and no body (the harness checks exactly that). */
const head = (path: string, session: string) => mock.request('HEAD', path, { session });

function expectDeprecated(res: Pick<ApiResponse, 'status' | 'headers'>, petId: string | number): void {
  expect(res.headers.deprecation, `Deprecation on ${res.status}`).toBe(DEPRECATION);
  expect(res.headers.sunset, `Sunset on ${res.status}`).toBe(SUNSET);
  expect(res.headers.link, `Link on ${res.status}`).toBe(`</pets?id=${petId}>; rel="successor-version"`);
}

function expectNotDeprecated(res: ApiResponse, what: string): void {
  expect(res.headers.deprecation, what).toBeUndefined();
  expect(res.headers.sunset, what).toBeUndefined();
  expect(res.headers.link ?? '', what).not.toContain('successor-version');
}

describe('GET /pets/{petId} before the sunset', () => {
  it('answers the pet with Deprecation, Sunset and the successor Link', async () => {
    const session = fresh();
    const res = await mock.request('GET', '/pets/7', { session });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(7);
    expectDeprecated(res, 7);
  });

  it('names a successor that answers the same pet', async () => {
    const session = fresh();
    const res = await mock.request('GET', '/pets/3', { session });
    const target = /^<([^>]+)>/.exec(res.headers.link!)![1]!;
    const successor = await mock.request('GET', target, { session });
    expect(successor.status).toBe(200);
    expect(successor.body).toEqual([res.body]);
    expectNotDeprecated(successor, 'the successor');
  });

  it('carries the headers on 404 for an unknown pet', async () => {
    const res = await mock.request('GET', '/pets/999999', { session: fresh() });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', status: 404 });
    expectDeprecated(res, 999999);
  });

  it('carries the headers on 401 without a key and with an unknown key', async () => {
    const session = fresh();
    for (const key of [null, 'not-a-key-123']) {
      const res = await mock.request('GET', '/pets/5', { session, key });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthorized', status: 401 });
      expectDeprecated(res, 5);
    }
  });

  it('carries the headers on 429 and on 403 key_banned', async () => {
    const session = fresh();
    const key = 'deprecation-two-per-minute';
    for (let i = 0; i < 2; i++) expect((await mock.request('GET', '/pets/5', { session, key })).status).toBe(200);
    const limited = await mock.request('GET', '/pets/5', { session, key });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'rate_limit_exceeded', status: 429 });
    expectDeprecated(limited, 5);
    await mock.admin.ban('demo-pro', session);
    const banned = await mock.request('GET', '/pets/5', { session, key: 'demo-pro' });
    expect(banned.status).toBe(403);
    expect(banned.body).toMatchObject({ code: 'key_banned', status: 403 });
    expectDeprecated(banned, 5);
  });

  it('carries the headers on 400 for an id that is not one', async () => {
    const res = await mock.request('GET', '/pets/0', { session: fresh() });
    expect(res.status).toBe(400);
    expectDeprecated(res, 0);
  });

  it('carries the headers on HEAD', async () => {
    const res = await head('/pets/2', fresh());
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expectDeprecated(res, 2);
  });

  it('still answers 200 at the sunset instant itself', async () => {
    const session = fresh();
    await mock.admin.setClock(SUNSET_INSTANT, session);
    const res = await mock.request('GET', '/pets/1', { session });
    expect(res.status).toBe(200);
    expectDeprecated(res, 1);
  });
});

describe('GET /pets/{petId} after the sunset', () => {
  it('answers 410 endpoint_sunset with the same headers once the session clock passes the instant', async () => {
    const session = fresh();
    await mock.admin.setClock(SUNSET_INSTANT, session);
    expect((await mock.request('GET', '/pets/1', { session })).status).toBe(200);
    await mock.admin.advanceClock(1, session);
    const res = await mock.request('GET', '/pets/1', { session });
    expect(res.status).toBe(410);
    expect(res.body).toMatchObject({ code: 'endpoint_sunset', status: 410 });
    expect(res.headers['content-type']).toBe('application/json');
    expectDeprecated(res, 1);
  });

  it('answers 410 months later, and the successor still answers the pet', async () => {
    const session = fresh();
    await mock.admin.setClock('2028-01-15T08:00:00Z', session);
    const res = await mock.request('GET', '/pets/4', { session });
    expect(res.status).toBe(410);
    expectDeprecated(res, 4);
    const successor = await mock.request('GET', '/pets?id=4', { session });
    expect(successor.status).toBe(200);
    expect(successor.body).toEqual([expect.objectContaining({ id: 4 })]);
  });

  it('withdraws only GET: PUT, PATCH and DELETE of /pets/{petId} still work, undeprecated', async () => {
    const session = fresh();
    await mock.admin.setClock('2027-07-01T00:00:00Z', session);
    const category = await mock.request('POST', '/categories', { session, body: { name: 'late' } });
    const pet = await mock.request('POST', '/pets', { session, body: { name: 'Late', categoryId: category.body.id } });
    const id = pet.body.id;
    const patched = await mock.request('PATCH', `/pets/${id}`, { session, body: { name: 'Later' } });
    expect(patched.status).toBe(200);
    expectNotDeprecated(patched, 'PATCH after sunset');
    const put = await mock.request('PUT', `/pets/${id}`, { session, body: { name: 'Latest', categoryId: category.body.id } });
    expect(put.status).toBe(200);
    expectNotDeprecated(put, 'PUT after sunset');
    const deleted = await mock.request('DELETE', `/pets/${id}`, { session });
    expect(deleted.status).toBe(204);
    expectNotDeprecated(deleted, 'DELETE after sunset');
  });

  it('follows the session clock only: another session still gets 200', async () => {
    await mock.admin.setClock('2027-07-01T00:00:00Z', fresh());
    const res = await mock.request('GET', '/pets/1', { session: fresh() });
    expect(res.status).toBe(200);
  });
});

describe('every other operation', () => {
  it('carries no Deprecation, Sunset or successor Link, on success and on error', async () => {
    const session = fresh();
    const category = await mock.request('POST', '/categories', { session, body: { name: 'plain' } });
    expectNotDeprecated(category, 'POST /categories');
    const c = category.body.id;
    const pet = await mock.request('POST', '/pets', { session, body: { name: 'Plain', categoryId: c } });
    expectNotDeprecated(pet, 'POST /pets');
    const p = pet.body.id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/pets'],
      ['GET', `/pets?id=${p}`],
      ['PUT', `/pets/${p}`, { name: 'Plainer', categoryId: c }],
      ['PATCH', `/pets/${p}`, { status: 'available' }],
      ['GET', '/categories'],
      ['GET', `/categories/${c}`],
      ['PUT', `/categories/${c}`, { name: 'plainest' }],
      ['PUT', `/store/inventory/${p}`, { quantity: 3 }],
      ['GET', '/store/inventory'],
      ['GET', `/store/inventory/${p}`],
      ['GET', '/store/orders'],
    ];
    for (const [method, path, body] of calls) {
      const res = await mock.request(method, path, { session, body });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      expectNotDeprecated(res, `${method} ${path}`);
    }
    const first = await mock.request('POST', '/store/orders', { session, body: { petId: p, quantity: 1 } });
    const second = await mock.request('POST', '/store/orders', { session, body: { petId: p, quantity: 1 } });
    expectNotDeprecated(first, 'POST /store/orders');
    for (const [method, path, body] of [
      ['GET', `/store/orders/${first.body.id}`],
      ['PATCH', `/store/orders/${first.body.id}`, { complete: true }],
      ['DELETE', `/store/orders/${second.body.id}`],
      ['DELETE', `/pets/${p}`],
      ['DELETE', `/categories/${c}`],
    ] as [string, string, unknown?][]) {
      const res = await mock.request(method, path, { session, body });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
      expectNotDeprecated(res, `${method} ${path}`);
    }
    for (const [method, path] of [['PUT', '/pets/999999'], ['GET', '/categories/999999'], ['GET', '/pets?limit=0'], ['GET', '/nowhere']]) {
      const res = await mock.request(method!, path!, { session, body: method === 'PUT' ? { name: 'x', categoryId: 1 } : undefined });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expectNotDeprecated(res, `${method} ${path} -> ${res.status}`);
    }
    expectNotDeprecated(await mock.request('GET', '/pets', { session, key: null }), 'GET /pets without a key');
  });
});
