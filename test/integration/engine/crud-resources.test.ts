import { describe, expect, it } from 'vitest';
import { FIXTURES, startDocumentMock, useDocumentMock } from './engine-harness.js';

const OWNERS = new URL('../../fixtures/engine/owners-and-things.yaml', import.meta.url).pathname;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('CRUD inferred on a third-party document (OAI petstore-expanded: integer ids, plain array)', () => {
  const mock = useDocumentMock(`${FIXTURES}oai-petstore-expanded.yaml`);

  it('creates, reads back, lists, deletes, then reads 404', async () => {
    const session = 'round-trip';
    const before = (await mock.request('GET', '/pets?limit=100', { session })).body as { id: number }[];
    expect(before.length).toBeGreaterThanOrEqual(5);
    const created = await mock.request('POST', '/pets', { session, body: { name: 'Rex', tag: 'dog' } });
    expect(created.status).toBe(200);
    expect(created.body).toEqual({ id: Math.max(...before.map((p) => p.id)) + 1, name: 'Rex', tag: 'dog' });
    expect((await mock.request('GET', `/pets/${created.body.id}`, { session })).body).toEqual(created.body);
    expect((await mock.request('GET', '/pets?limit=100', { session })).body).toContainEqual(created.body);
    expect((await mock.request('DELETE', `/pets/${created.body.id}`, { session })).status).toBe(204);
    expect((await mock.request('GET', `/pets/${created.body.id}`, { session })).status).toBe(404);
    expect((await mock.request('GET', '/pets?limit=100', { session })).body).toEqual(before);
  });

  it('keeps sessions apart and gives ids that are never reused', async () => {
    const first = await mock.request('POST', '/pets', { session: 'ids', body: { name: 'A' } });
    await mock.request('DELETE', `/pets/${first.body.id}`, { session: 'ids' });
    const second = await mock.request('POST', '/pets', { session: 'ids', body: { name: 'B' } });
    expect(second.body.id).toBe(first.body.id + 1);
    expect((await mock.request('GET', `/pets/${second.body.id}`, { session: 'other-ids' })).status).toBe(404);
  });

  it('starts from the same records for the same seed, and /__admin/reset goes back to them', async () => {
    const seeded = (await mock.request('GET', '/pets?limit=100', { session: 'seed-a' })).text;
    expect((await mock.request('GET', '/pets?limit=100', { session: 'seed-b' })).text).toBe(seeded);
    await mock.request('POST', '/pets', { session: 'seed-a', body: { name: 'Extra' } });
    await fetch(`${mock.url}/__admin/reset`, { method: 'POST', headers: { 'X-Mock-Session': 'seed-a' } });
    expect((await mock.request('GET', '/pets?limit=100', { session: 'seed-a' })).text).toBe(seeded);
    const other = await startDocumentMock(`${FIXTURES}oai-petstore-expanded.yaml`, { seed: 99 });
    try {
      expect((await other.request('GET', '/pets?limit=100')).text).not.toBe(seeded);
    } finally {
      await other.close();
    }
  });
});

describe('CRUD with uuid ids, readOnly/writeOnly, an envelope, merge-patch and a nested collection', () => {
  const mock = useDocumentMock(OWNERS);

  const newOwner = (session: string, body: object = { name: 'Ada', email: 'ada@example.com', password: 'secret-123' }) => mock.request('POST', '/owners', { session, body });

  it('prints one line per operation with its behaviour and resource', async () => {
    const lines = (await (await fetch(`${mock.url}/__admin/operations`)).json()) as { method: string; path: string; behaviour: string; resource?: string }[];
    expect(lines.map((l) => `${l.method} ${l.path} ${l.behaviour} ${l.resource}`)).toEqual([
      'GET /owners crud:list owners',
      'POST /owners crud:create owners',
      'GET /owners/{ownerId} crud:read owners',
      'PUT /owners/{ownerId} crud:replace owners',
      'DELETE /owners/{ownerId} crud:delete owners',
      'PATCH /owners/{ownerId} crud:update owners',
      'GET /owners/{ownerId}/things crud:list things',
      'POST /owners/{ownerId}/things crud:create things',
      'GET /owners/{ownerId}/things/{thingId} crud:read things',
      'DELETE /owners/{ownerId}/things/{thingId} crud:delete things',
    ]);
  });

  it('makes a uuid id and the readOnly fields, never returns the writeOnly one, and sets Location', async () => {
    const res = await newOwner('uuid', { id: '00000000-0000-4000-8000-000000000000', name: 'Ada', password: 'secret-123', createdAt: '1999-01-01T00:00:00Z' });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(UUID);
    expect(res.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(res.body.createdAt).not.toBe('1999-01-01T00:00:00Z');
    expect(res.body).not.toHaveProperty('password');
    expect(res.headers.location).toBe(`/owners/${res.body.id}`);
    expect((await mock.request('GET', `/owners/${res.body.id}`, { session: 'uuid' })).body).toEqual(res.body);
  });

  it('merges a PATCH (null removes), replaces on PUT keeping the server fields', async () => {
    const owner = (await newOwner('patch')).body;
    const patched = await mock.request('PATCH', `/owners/${owner.id}`, { session: 'patch', body: { name: 'Grace', email: null }, headers: { 'Content-Type': 'application/merge-patch+json' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ id: owner.id, name: 'Grace', createdAt: owner.createdAt });
    const replaced = await mock.request('PUT', `/owners/${owner.id}`, { session: 'patch', body: { name: 'Linus', email: 'l@example.com' } });
    expect(replaced.body).toEqual({ id: owner.id, name: 'Linus', email: 'l@example.com', createdAt: owner.createdAt });
    expect((await mock.request('GET', `/owners/${owner.id}`, { session: 'patch' })).body).toEqual(replaced.body);
    expect((await mock.request('PATCH', `/owners/${owner.id}`, { session: 'patch', body: { name: 'X' }, headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
  });

  it('lists in an envelope with total, paged by page and per_page', async () => {
    const session = 'envelope';
    const first = await mock.request('GET', '/owners?per_page=2', { session });
    expect(first.body).toMatchObject({ total: 5, page: 1, per_page: 2 });
    expect(first.body.data).toHaveLength(2);
    const third = await mock.request('GET', '/owners?per_page=2&page=3', { session });
    expect(third.body.data).toHaveLength(1);
    const created = (await newOwner(session)).body;
    const all = await mock.request('GET', '/owners?per_page=50', { session });
    expect(all.body.total).toBe(6);
    expect(all.body.data.at(-1)).toEqual(created);
    expect(all.body.data.slice(0, 2)).toEqual(first.body.data);
  });

  it('keeps nested records under their parent, filters by equality, and removes them with the parent', async () => {
    const session = 'nested';
    const owner = (await newOwner(session)).body;
    const tool = await mock.request('POST', `/owners/${owner.id}/things`, { session, body: { label: 'hammer', kind: 'tool' } });
    expect(tool.status).toBe(201);
    expect(tool.body).toMatchObject({ ownerId: owner.id, label: 'hammer', kind: 'tool' });
    await mock.request('POST', `/owners/${owner.id}/things`, { session, body: { label: 'ball', kind: 'toy' } });
    const listed = await mock.request('GET', `/owners/${owner.id}/things`, { session });
    expect(listed.body.map((t: { label: string }) => t.label)).toEqual(['hammer', 'ball']);
    expect(listed.headers['x-total-count']).toBe('2');
    expect(listed.headers.link).toBeUndefined();
    const paged = await mock.request('GET', `/owners/${owner.id}/things?limit=1&kind=toy&offset=0`, { session });
    expect(paged.headers.link).toBeUndefined();
    const first = await mock.request('GET', `/owners/${owner.id}/things?limit=1`, { session });
    expect(first.headers.link).toBe(`</owners/${owner.id}/things?limit=1&offset=1>; rel="next"`);
    expect((await mock.request('GET', `/owners/${owner.id}/things?kind=tool`, { session })).body).toEqual([tool.body]);
    const seeded = (await mock.request('GET', '/owners?per_page=1', { session })).body.data[0];
    expect((await mock.request('GET', `/owners/${seeded.id}/things`, { session })).body).toHaveLength(2);
    expect((await mock.request('GET', `/owners/${seeded.id}/things/${tool.body.id}`, { session })).status).toBe(404);

    expect((await mock.request('DELETE', `/owners/${owner.id}`, { session })).status).toBe(204);
    expect((await mock.request('GET', `/owners/${owner.id}/things/${tool.body.id}`, { session })).status).toBe(404);
    expect((await mock.request('GET', `/owners/${owner.id}/things`, { session })).status).toBe(404);
    const again = (await mock.request('POST', '/owners', { session, body: { name: 'B' } })).body;
    expect((await mock.request('GET', `/owners/${again.id}/things`, { session })).body).toEqual([]);
  });
});
