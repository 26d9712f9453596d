import { describe, expect, it } from 'vitest';
import { parseKeyConfig } from '../../../src/rate-limit/key-config.js';
import { useTestMock, sessionNames, type ApiResponse } from '../../helpers/mock-harness.js';

/* Every error code of INTERFACE.md section 6, and the `details` of validation errors. */

const MiB = 1024 * 1024;
/** What a body must never show a client: stack frames, source files, paths on the server. */
const LEAK = /\bat\s+\S+\s+\(|\bat\s+(file:|node:|\/)|\.(ts|js|mjs|cjs):\d+|\/work\/|\/src\/|node_modules|file:\/\//;

const fresh = sessionNames('errors');

const mock = useTestMock(() => {
  const config = parseKeyConfig({
    plans: { OnePerMinute: { perMinute: 1, perDay: 1000 } },
    keys: [{ key: 'errors-one-per-minute', plan: 'OnePerMinute' }],
  }, 'errors-test-config.json');
  return { config };
});

function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ code, status });
  expect(typeof res.body.message).toBe('string');
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.text).not.toMatch(LEAK);
  // Section 5: every response of the API, errors included, carries the rate-limit headers.
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit', 'ratelimit-policy']) {
    expect(res.headers[name], `${name} on ${res.status}`).toMatch(/\S/);
  }
}

/** A 400 validation_failed whose `details` name `path` (or a place inside it). */
function expectInvalid(res: ApiResponse, path: string): void {
  expectError(res, 400, 'validation_failed');
  const details = res.body.details as { path: string; message: string }[] | undefined;
  expect(Array.isArray(details), `details in ${res.text}`).toBe(true);
  for (const d of details!) {
    expect(Object.keys(d).sort()).toEqual(['message', 'path']);
    expect(d.message.length).toBeGreaterThan(0);
  }
  expect(details!.map((d) => d.path), res.text).toContainEqual(expect.stringMatching(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/|$)`)));
}

async function petWithStock(session: string, stock: number): Promise<{ petId: number; categoryId: number }> {
  const category = await mock.request('POST', '/categories', { session, body: { name: 'errors-kind' } });
  const pet = await mock.request('POST', '/pets', { session, body: { name: 'Err', categoryId: category.body.id } });
  if (stock > 0) await mock.request('PUT', `/store/inventory/${pet.body.id}`, { session, body: { quantity: stock } });
  return { petId: pet.body.id, categoryId: category.body.id };
}

describe('400 validation_failed: the body', () => {
  const cases: [string, string, string, unknown, string][] = [
    ['a missing required field', 'POST', '/pets', { categoryId: 1 }, '/body/name'],
    ['a missing required field (order)', 'POST', '/store/orders', { quantity: 1 }, '/body/petId'],
    ['a missing required field (order update)', 'PATCH', '/store/orders/1', {}, '/body/complete'],
    ['a missing required field (inventory)', 'PUT', '/store/inventory/1', {}, '/body/quantity'],
    ['a string where a number belongs', 'POST', '/pets', { name: 'Rex', categoryId: '1' }, '/body/categoryId'],
    ['a number where a string belongs', 'POST', '/pets', { name: 5, categoryId: 1 }, '/body/name'],
    ['null for a string', 'POST', '/categories', { name: null }, '/body/name'],
    ['a fraction for an integer', 'POST', '/store/orders', { petId: 1, quantity: 1.5 }, '/body/quantity'],
    ['a string for a boolean', 'PATCH', '/store/orders/1', { complete: 'yes' }, '/body/complete'],
    ['an array for the object', 'POST', '/pets', [{ name: 'Rex', categoryId: 1 }], '/body'],
    ['a string for the object', 'POST', '/categories', 'dog', '/body'],
    ['an empty name', 'POST', '/pets', { name: '', categoryId: 1 }, '/body/name'],
    ['a name of 101 characters', 'POST', '/pets', { name: 'x'.repeat(101), categoryId: 1 }, '/body/name'],
    ['a category name of 101 characters', 'PUT', '/categories/1', { name: 'x'.repeat(101) }, '/body/name'],
    ['a description of 501 characters', 'POST', '/categories', { name: 'dog', description: 'd'.repeat(501) }, '/body/description'],
    ['an order quantity of 0', 'POST', '/store/orders', { petId: 1, quantity: 0 }, '/body/quantity'],
    ['an order quantity of 1001', 'POST', '/store/orders', { petId: 1, quantity: 1001 }, '/body/quantity'],
    ['an inventory quantity of -1', 'PUT', '/store/inventory/1', { quantity: -1 }, '/body/quantity'],
    ['an inventory quantity of 1000001', 'PUT', '/store/inventory/1', { quantity: 1000001 }, '/body/quantity'],
    ['a categoryId of 0', 'PATCH', '/pets/1', { categoryId: 0 }, '/body/categoryId'],
    ['an unknown field', 'POST', '/pets', { name: 'Rex', categoryId: 1, color: 'brown' }, '/body/color'],
    ['an unknown field (PATCH)', 'PATCH', '/pets/1', { nickname: 'Rexy' }, '/body/nickname'],
    ['an unknown field (order)', 'POST', '/store/orders', { petId: 1, quantity: 1, price: 10 }, '/body/price'],
    ['a server-assigned id in the body', 'POST', '/categories', { id: 9, name: 'dog' }, '/body/id'],
    ['a status outside the enum', 'POST', '/pets', { name: 'Rex', categoryId: 1, status: 'lost' }, '/body/status'],
    ['a status outside the enum (PUT)', 'PUT', '/pets/1', { name: 'Rex', categoryId: 1, status: 'Available' }, '/body/status'],
    ['a shipDate that is no date', 'POST', '/store/orders', { petId: 1, quantity: 1, shipDate: 'tomorrow' }, '/body/shipDate'],
    ['a shipDate without a time', 'POST', '/store/orders', { petId: 1, quantity: 1, shipDate: '2026-12-01' }, '/body/shipDate'],
    ['a shipDate without a time zone', 'POST', '/store/orders', { petId: 1, quantity: 1, shipDate: '2026-12-01T12:00:00' }, '/body/shipDate'],
    ['a shipDate in month 13', 'POST', '/store/orders', { petId: 1, quantity: 1, shipDate: '2026-13-01T12:00:00Z' }, '/body/shipDate'],
  ];
  for (const [what, method, path, body, detail] of cases) {
    it(`names ${detail} for ${what} (${method} ${path})`, async () => {
      expectInvalid(await mock.request(method, path, { session: fresh(), body }), detail);
    });
  }

  it('lists every problem of a body, not only the first', async () => {
    const res = await mock.request('POST', '/pets', { session: fresh(), body: { name: '', categoryId: 'one', extra: true } });
    expectInvalid(res, '/body/name');
    expectInvalid(res, '/body/categoryId');
    expectInvalid(res, '/body/extra');
  });

  it('names /body when a required body is missing', async () => {
    for (const [method, path] of [['POST', '/pets'], ['PUT', '/categories/1'], ['PATCH', '/store/orders/1'], ['PUT', '/store/inventory/1']] as const) {
      expectInvalid(await mock.request(method, path, { session: fresh(), headers: { 'Content-Type': 'application/json' } }), '/body');
    }
  });

  it('answers malformed JSON with 400 validation_failed', async () => {
    const session = fresh();
    for (const rawBody of ['{"name":', '{name: "Rex"}', "{'name':'Rex'}", '{"name":"Rex","categoryId":1,}']) {
      const res = await mock.request('POST', '/pets', { session, rawBody, headers: { 'Content-Type': 'application/json' } });
      expectError(res, 400, 'validation_failed');
    }
  });

  it('answers hostile bodies 400 without leaking internals or creating anything', async () => {
    const session = fresh();
    const before = await mock.request('GET', '/pets?limit=1', { session });
    const json = { 'Content-Type': 'application/json' };
    const deepArray = '['.repeat(200_000) + ']'.repeat(200_000);
    const deepName = `{"name":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)},"categoryId":1}`;
    expectInvalid(await mock.request('POST', '/pets', { session, rawBody: deepArray, headers: json }), '/body');
    // Refused before it is parsed: a body nested past 512 levels (src/core/json-depth.ts) is malformed as a whole.
    expectInvalid(await mock.request('POST', '/pets', { session, rawBody: deepName, headers: json }), '/body');
    expectInvalid(await mock.request('POST', '/pets', { session, rawBody: '{"__proto__":{"x":1},"name":"P","categoryId":1}', headers: json }), '/body/__proto__');
    expectInvalid(await mock.request('POST', '/pets', { session, rawBody: 'null', headers: json }), '/body');
    expectError(await mock.request('POST', '/pets', { session, rawBody: Buffer.from([0x7b, 0x22, 0x6e, 0xff, 0xfe, 0x22, 0x7d]), headers: json }), 400, 'validation_failed');
    const after = await mock.request('GET', '/pets?limit=1', { session });
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
  });

  it('names /body in the details of malformed JSON', async () => {
    const res = await mock.request('POST', '/pets', { session: fresh(), rawBody: '{"name":', headers: { 'Content-Type': 'application/json' } });
    expectInvalid(res, '/body');
  });
});

describe('400 validation_failed: path ids', () => {
  const cases: [string, string, string][] = [
    ['GET', '/pets/abc', '/path/petId'],
    ['GET', '/pets/0', '/path/petId'],
    ['GET', '/pets/-1', '/path/petId'],
    ['GET', '/pets/1.5', '/path/petId'],
    ['GET', '/pets/1e3', '/path/petId'],
    ['GET', '/pets/99999999999999999999', '/path/petId'],
    ['GET', '/pets/9007199254740992', '/path/petId'],
    ['DELETE', '/pets/abc', '/path/petId'],
    ['GET', '/categories/abc', '/path/categoryId'],
    ['DELETE', '/categories/0', '/path/categoryId'],
    ['GET', '/store/orders/0', '/path/orderId'],
    ['DELETE', '/store/orders/-5', '/path/orderId'],
    ['GET', '/store/inventory/1.5', '/path/petId'],
  ];
  for (const [method, path, detail] of cases) {
    it(`answers ${method} ${path} naming ${detail}`, async () => {
      expectInvalid(await mock.request(method, path, { session: fresh() }), detail);
    });
  }

  it('checks the path id before the body, and the body before the record', async () => {
    const session = fresh();
    expectInvalid(await mock.request('PUT', '/pets/abc', { session, body: { name: 'Rex', categoryId: 1 } }), '/path/petId');
    expectInvalid(await mock.request('PUT', '/pets/999999', { session, body: { name: '' } }), '/body/name');
  });
});

describe('400 validation_failed: the query', () => {
  const cases: [string, string][] = [
    ['/pets?limit=0', '/query/limit'],
    ['/pets?limit=101', '/query/limit'],
    ['/pets?limit=ten', '/query/limit'],
    ['/pets?limit=1&limit=2', '/query/limit'],
    ['/pets?offset=-1', '/query/offset'],
    ['/pets?offset=1.5', '/query/offset'],
    ['/pets?status=lost', '/query/status'],
    ['/pets?status=available&status=lost', '/query/status'],
    ['/pets?categoryId=0', '/query/categoryId'],
    ['/pets?id=abc', '/query/id'],
    ['/pets?name=' + 'n'.repeat(101), '/query/name'],
    ['/categories?limit=0', '/query/limit'],
    ['/store/orders?complete=maybe', '/query/complete'],
    ['/store/orders?petId=0', '/query/petId'],
    ['/store/orders?offset=-1', '/query/offset'],
    ['/store/inventory?status=lost', '/query/status'],
    ['/store/inventory?limit=101', '/query/limit'],
  ];
  for (const [path, detail] of cases) {
    it(`answers GET ${path.length > 60 ? `${path.slice(0, 60)}…` : path} naming ${detail}`, async () => {
      expectInvalid(await mock.request('GET', path, { session: fresh() }), detail);
    });
  }
});

describe('404 not_found', () => {
  for (const path of ['/nowhere', '/pet', '/Pets', '/pets/1/toys', '/store', '/store/orders/1/items', '/']) {
    it(`answers an unknown route: GET ${path}`, async () => {
      expectError(await mock.request('GET', path, { session: fresh() }), 404, 'not_found');
    });
  }

  it('answers an unknown route for any method', async () => {
    expectError(await mock.request('POST', '/owners', { session: fresh(), body: { name: 'x' } }), 404, 'not_found');
  });
});

describe('405 method_not_allowed', () => {
  const cases: [string, string, string[]][] = [
    ['DELETE', '/pets', ['GET', 'HEAD', 'POST']],
    ['PUT', '/pets', ['GET', 'HEAD', 'POST']],
    ['POST', '/pets/1', ['DELETE', 'GET', 'HEAD', 'PATCH', 'PUT']],
    ['PATCH', '/categories', ['GET', 'HEAD', 'POST']],
    ['PATCH', '/categories/1', ['DELETE', 'GET', 'HEAD', 'PUT']],
    ['PUT', '/store/orders/1', ['DELETE', 'GET', 'HEAD', 'PATCH']],
    ['POST', '/store/inventory', ['GET', 'HEAD']],
    ['DELETE', '/store/inventory/1', ['GET', 'HEAD', 'PUT']],
  ];
  for (const [method, path, allowed] of cases) {
    it(`answers ${method} ${path} with Allow: ${allowed.join(', ')}`, async () => {
      const res = await mock.request(method, path, { session: fresh() });
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.allow!.split(/,\s*/).sort()).toEqual(allowed);
    });
  }
});

describe('413 payload_too_large', () => {
  /** `{"name":"Big","categoryId":N}` padded with JSON whitespace to exactly `size` bytes. */
  const paddedPet = (categoryId: number, size: number) => {
    const json = JSON.stringify({ name: 'Big', categoryId });
    return json + ' '.repeat(size - json.length);
  };

  it('answers a body of 1 MiB + 1 byte with 413, and accepts one of exactly 1 MiB', async () => {
    const session = fresh();
    const category = await mock.request('POST', '/categories', { session, body: { name: 'big' } });
    const before = await mock.request('GET', `/pets?categoryId=${category.body.id}`, { session });
    const tooBig = await mock.request('POST', '/pets', { session, rawBody: paddedPet(category.body.id, MiB + 1), headers: { 'Content-Type': 'application/json' } });
    expectError(tooBig, 413, 'payload_too_large');
    expect((await mock.request('GET', `/pets?categoryId=${category.body.id}`, { session })).body).toEqual(before.body);
    const justFits = await mock.request('POST', '/pets', { session, rawBody: paddedPet(category.body.id, MiB), headers: { 'Content-Type': 'application/json' } });
    expect(justFits.status).toBe(201);
    expect(justFits.body).toMatchObject({ name: 'Big', categoryId: category.body.id });
  });

  it('answers 413 for a large body sent without Content-Length (chunked)', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(256 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"Big","categoryId":1}'));
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${mock.url}/pets`, {
      method: 'POST',
      headers: { 'X-API-Key': 'demo-business', 'X-Mock-Session': fresh(), 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toMatchObject({ code: 'payload_too_large', status: 413 });
  });
});

describe('415 unsupported_media_type', () => {
  const cases: [string, string | Buffer, Record<string, string>][] = [
    ['text/plain', JSON.stringify({ name: 'Rex', categoryId: 1 }), { 'Content-Type': 'text/plain' }],
    ['a form', 'name=Rex&categoryId=1', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['multipart', '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nRex\r\n--b--\r\n', { 'Content-Type': 'multipart/form-data; boundary=b' }],
    ['XML', '<pet><name>Rex</name></pet>', { 'Content-Type': 'application/xml' }],
    ['no Content-Type', Buffer.from(JSON.stringify({ name: 'Rex', categoryId: 1 })), {}],
  ];
  for (const [what, rawBody, headers] of cases) {
    it(`refuses a body sent as ${what}, creating nothing`, async () => {
      const session = fresh();
      const before = await mock.request('GET', '/pets?name=Rex&limit=100', { session });
      const res = await mock.request('POST', '/pets', { session, rawBody, headers });
      expectError(res, 415, 'unsupported_media_type');
      expect((await mock.request('GET', '/pets?name=Rex&limit=100', { session })).text).toBe(before.text);
    });
  }

  // INTERFACE.md section 6: 415 for "a body that is not application/json"; the document lists no other.
  it('refuses a body sent as application/merge-patch+json, which the document does not list', async () => {
    const session = fresh();
    const res = await mock.request('POST', '/categories', { session, rawBody: JSON.stringify({ name: 'merge' }), headers: { 'Content-Type': 'application/merge-patch+json' } });
    expectError(res, 415, 'unsupported_media_type');
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await mock.request('POST', '/categories', { session: fresh(), rawBody: JSON.stringify({ name: 'utf' }), headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    expect(res.status).toBe(201);
  });
});

describe('every code of section 6', () => {
  it('answers 401 unauthorized without a key, with WWW-Authenticate', async () => {
    const res = await mock.request('GET', '/pets', { session: fresh(), key: null });
    expectError(res, 401, 'unauthorized');
    expect(res.headers['www-authenticate']).toBe('ApiKey header="X-API-Key"');
  });

  it('answers 403 forbidden when a read-only key writes', async () => {
    expectError(await mock.request('POST', '/categories', { session: fresh(), key: 'demo-readonly', body: { name: 'ro' } }), 403, 'forbidden');
  });

  it('answers 403 key_banned with Retry-After for a banned key', async () => {
    const session = fresh();
    await mock.admin.ban('demo-pro', session);
    const res = await mock.request('GET', '/pets', { session, key: 'demo-pro' });
    expectError(res, 403, 'key_banned');
    expect(Number(res.headers['retry-after'])).toBe(900);
  });

  it('answers 409 with each state code', async () => {
    const session = fresh();
    const { petId, categoryId } = await petWithStock(session, 1);
    expectError(await mock.request('POST', '/store/orders', { session, body: { petId, quantity: 2 } }), 409, 'insufficient_stock');
    const order = await mock.request('POST', '/store/orders', { session, body: { petId, quantity: 1 } });
    expectError(await mock.request('POST', '/store/orders', { session, body: { petId, quantity: 1 } }), 409, 'pet_not_available');
    expectError(await mock.request('DELETE', `/pets/${petId}`, { session }), 409, 'pet_has_open_orders');
    expectError(await mock.request('DELETE', `/categories/${categoryId}`, { session }), 409, 'category_in_use');
    await mock.request('PATCH', `/store/orders/${order.body.id}`, { session, body: { complete: true } });
    expectError(await mock.request('DELETE', `/store/orders/${order.body.id}`, { session }), 409, 'order_completed');
    expectError(await mock.request('PATCH', `/store/orders/${order.body.id}`, { session, body: { complete: false } }), 409, 'order_completed');
  });

  it('answers 410 endpoint_sunset after the sunset instant', async () => {
    const session = fresh();
    await mock.admin.setClock('2027-07-01T00:00:00Z', session);
    expectError(await mock.request('GET', '/pets/1', { session }), 410, 'endpoint_sunset');
  });

  it('answers 422 invalid_reference for an unknown categoryId or petId in a body', async () => {
    const session = fresh();
    expectError(await mock.request('POST', '/pets', { session, body: { name: 'Rex', categoryId: 999999 } }), 422, 'invalid_reference');
    expectError(await mock.request('PATCH', '/pets/1', { session, body: { categoryId: 999999 } }), 422, 'invalid_reference');
    expectError(await mock.request('POST', '/store/orders', { session, body: { petId: 999999, quantity: 1 } }), 422, 'invalid_reference');
  });

  it('answers 429 rate_limit_exceeded with Retry-After over the limit', async () => {
    const session = fresh();
    expect((await mock.request('GET', '/pets', { session, key: 'errors-one-per-minute' })).status).toBe(200);
    const res = await mock.request('GET', '/pets', { session, key: 'errors-one-per-minute' });
    expectError(res, 429, 'rate_limit_exceeded');
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('answers 500 internal_error (an injected fault) and keeps running', async () => {
    const session = fresh();
    await mock.admin.addFault({ method: 'GET', path: '/categories', times: 1, status: 500 }, session);
    expectError(await mock.request('GET', '/categories', { session }), 500, 'internal_error');
    expect((await mock.request('GET', '/categories', { session })).status).toBe(200);
  });
});

describe('the order of checks (section 5)', () => {
  it('authenticates before routing: no key on an unknown route is 401', async () => {
    expectError(await mock.request('GET', '/nowhere', { session: fresh(), key: null }), 401, 'unauthorized');
  });

  it('routes before the scope: a read-only key on an undocumented method is 405', async () => {
    expectError(await mock.request('POST', '/pets/1', { session: fresh(), key: 'demo-readonly', body: { name: 'x' } }), 405, 'method_not_allowed');
  });

  it('checks the scope before the media type: a read-only key sending text is 403', async () => {
    expectError(await mock.request('POST', '/pets', { session: fresh(), key: 'demo-readonly', rawBody: 'x', headers: { 'Content-Type': 'text/plain' } }), 403, 'forbidden');
  });

  it('checks the media type before the size, and the size before validation', async () => {
    const session = fresh();
    const huge = '{"bad":' + ' '.repeat(MiB) + '}';
    expectError(await mock.request('POST', '/pets', { session, rawBody: huge, headers: { 'Content-Type': 'text/plain' } }), 415, 'unsupported_media_type');
    expectError(await mock.request('POST', '/pets', { session, rawBody: huge, headers: { 'Content-Type': 'application/json' } }), 413, 'payload_too_large');
    expectError(await mock.request('POST', '/pets', { session, rawBody: '{"bad":', headers: { 'Content-Type': 'text/plain' } }), 415, 'unsupported_media_type');
  });

  it('validates before the operation: an invalid body for an unknown pet is 400, not 404', async () => {
    expectInvalid(await mock.request('PUT', '/pets/999999', { session: fresh(), body: {} }), '/body/name');
  });
});
