import { describe, expect, it } from 'vitest';
import { useDocumentMock } from './engine-harness.js';

const SHAPES = new URL('../../fixtures/engine/unseen-answer-shapes.yaml', import.meta.url).pathname;

// Issue 20, the second blind trial's mock classes 3-6: answers that broke their own schema.
// Every answer is also checked against the document by prism-http's validator (`mock.problems`).
describe('answers keep their own schema on shapes of documents never seen', () => {
  const mock = useDocumentMock(SHAPES);

  it('gives a property listed in `required` but not in `properties` a value, at the top and nested (class 3)', async () => {
    const created = await mock.request('POST', '/teammates', { body: { email: 'a@b.c' } });
    expect(created.status).toBe(201);
    expect(created.body).toHaveProperty('license_type');
    expect(created.body.manager).toHaveProperty('license_type');
    const read = await mock.request('GET', `/teammates/${created.body.id}`);
    expect(read.body).toEqual(created.body);
    expect(mock.problems).toEqual([]);
  });

  it('does not echo sent items into an answer whose items are another schema; it generates them (class 4)', async () => {
    const created = await mock.request('POST', '/credit_notes', { body: { items: [{ fee_id: 'fee_1', amount_cents: 100 }] } });
    expect(created.status).toBe(201);
    expect(created.body.items).not.toEqual([{ fee_id: 'fee_1', amount_cents: 100 }]);
    for (const item of created.body.items) expect(item).toMatchObject({ lago_id: expect.any(String), amount_currency: expect.stringMatching(/^(EUR|USD)$/) });
    expect(mock.problems).toEqual([]);
  });

  it("keeps a child's own `code` under a parent path parameter of the same name, and reads it by that code (class 5)", async () => {
    expect((await mock.request('POST', '/plans', { body: { code: 'startup', name: 'Startup' } })).status).toBe(201);
    const charge = await mock.request('POST', '/plans/startup/charges', { body: { code: 'api_calls', charge_model: 'standard' } });
    expect(charge.status).toBe(201);
    expect(charge.body.code).toBe('api_calls');
    const read = await mock.request('GET', '/plans/startup/charges/api_calls');
    expect(read.status).toBe(200);
    expect(read.body.code).toBe('api_calls');
    expect(mock.problems).toEqual([]);
  });

  it('makes new ids within the id\'s `format: int32` after a client took the largest one (class 6)', async () => {
    const top = await mock.request('POST', '/tags', { body: { id: 2 ** 31 - 1, label: 'max' } });
    expect(top.body.id).toBe(2 ** 31 - 1);
    for (let i = 0; i < 3; i += 1) {
      const next = await mock.request('POST', '/tags', { body: { label: `t${i}` } });
      expect(next.status).toBe(200);
      expect(next.body.id).toBeLessThan(2 ** 31);
      expect((await mock.request('GET', `/tags/${next.body.id}`)).status).toBe(200);
    }
    expect(mock.problems).toEqual([]);
  });

  it('answers a read documented only as text/plain with a text/plain body, not an empty one without a Content-Type (class 22)', async () => {
    const list = await mock.request('GET', '/log_files');
    expect(list.status).toBe(200);
    const read = await mock.request('GET', `/log_files/${encodeURIComponent(list.body[0].filename)}`);
    expect(read.status).toBe(200);
    expect(read.headers['content-type']).toMatch(/^text\/plain/);
    expect(read.text.length).toBeGreaterThan(0);
    expect(mock.problems).toEqual([]);
  });

  it('labels a JSON answer with the JSON type the document gives (application/vnd.api+json), not application/json', async () => {
    const list = await mock.request('GET', '/albums');
    expect(list.status).toBe(200);
    expect(list.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    expect(mock.problems).toEqual([]);
  });

  it("holds a record under the id a parameter's `examples` give, so the document's own example request reads 200", async () => {
    const read = await mock.request('GET', '/albums/my-album');
    expect(read.status).toBe(200);
    // Another operation's example names another album: it is held too.
    expect((await mock.request('POST', '/albums/other-album/play')).status).toBe(202);
    expect((await mock.request('POST', '/albums/no-such-album/play')).status).toBe(404);
    expect(read.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
  });

  it('addresses an example record whose id is its own path (Azure) by the item parameter in that path', async () => {
    const read = await mock.request('GET', '/groups/rg1/gateways/test-gateway');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: '/groups/rg1/gateways/test-gateway', name: 'test-gateway' });
  });
});
