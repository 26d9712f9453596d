import { describe, expect, it } from 'vitest';
import { useTestMock, sessionNames } from '../../helpers/mock-harness.js';

/** A fresh session per test: its own store, made from the seed data. */
const fresh = sessionNames('categories');

const mock = useTestMock();

async function allCategories(session: string): Promise<{ id: number; name: string; description?: string }[]> {
  const res = await mock.request('GET', '/categories?limit=100', { session });
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /categories', () => {
  it('lists the seed categories, dog, cat and rabbit among them, ordered by id', async () => {
    const res = await mock.request('GET', '/categories?limit=100', { session: fresh() });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(5);
    expect(res.headers['x-total-count']).toBe(String(res.body.length));
    const names = res.body.map((c: { name: string }) => c.name.toLowerCase());
    for (const kind of ['dog', 'cat', 'rabbit']) expect(names).toContain(kind);
    const ids = res.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('POST /categories', () => {
  it('creates a category (201) with a Location that reads it back', async () => {
    const session = fresh();
    const res = await mock.request('POST', '/categories', { session, body: { name: 'bird', description: 'Parrots, canaries and finches' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'bird', description: 'Parrots, canaries and finches' });
    expect(res.headers.location).toBe(`/categories/${res.body.id}`);
    const read = await mock.request('GET', res.headers.location!, { session });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    expect(await allCategories(session)).toContainEqual(res.body);
  });

  it('creates a category without a description, and none appears', async () => {
    const session = fresh();
    const res = await mock.request('POST', '/categories', { session, body: { name: 'fish' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: res.body.id, name: 'fish' });
    expect(res.text).not.toContain('description');
  });

  it('accepts descriptions from empty up to 500 characters', async () => {
    const session = fresh();
    for (const description of ['', 'd'.repeat(500)]) {
      const res = await mock.request('POST', '/categories', { session, body: { name: 'edge', description } });
      expect(res.status).toBe(201);
      expect(res.body.description).toBe(description);
    }
  });
});

describe('GET /categories/{categoryId}', () => {
  it('answers one category, and 404 not_found for an id no category has', async () => {
    const session = fresh();
    const first = (await allCategories(session))[0]!;
    const res = await mock.request('GET', `/categories/${first.id}`, { session });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first);
    const missing = await mock.request('GET', '/categories/999999', { session });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('PUT /categories/{categoryId}', () => {
  it('replaces the category; a body without description removes it', async () => {
    const session = fresh();
    const created = await mock.request('POST', '/categories', { session, body: { name: 'dogs', description: 'Dogs of every breed' } });
    const id = created.body.id;
    const renamed = await mock.request('PUT', `/categories/${id}`, { session, body: { name: 'hounds', description: 'Hunting dogs' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id, name: 'hounds', description: 'Hunting dogs' });
    const bare = await mock.request('PUT', `/categories/${id}`, { session, body: { name: 'hounds' } });
    expect(bare.status).toBe(200);
    expect(bare.body).toEqual({ id, name: 'hounds' });
    const read = await mock.request('GET', `/categories/${id}`, { session });
    expect(read.body).toEqual({ id, name: 'hounds' });
    expect(read.text).not.toContain('description');
  });

  it('answers 404 not_found for an unknown id and creates nothing', async () => {
    const session = fresh();
    const before = await allCategories(session);
    const res = await mock.request('PUT', '/categories/999999', { session, body: { name: 'ghosts' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', status: 404 });
    expect(await allCategories(session)).toEqual(before);
  });
});

describe('DELETE /categories/{categoryId}', () => {
  it('deletes an unused category: 204 with an empty body, then 404', async () => {
    const session = fresh();
    const created = await mock.request('POST', '/categories', { session, body: { name: 'temporary' } });
    const res = await mock.request('DELETE', `/categories/${created.body.id}`, { session });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await mock.request('GET', `/categories/${created.body.id}`, { session })).status).toBe(404);
    expect((await allCategories(session)).map((c) => c.id)).not.toContain(created.body.id);
    const again = await mock.request('DELETE', `/categories/${created.body.id}`, { session });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('refuses 409 category_in_use while a pet uses it, and deletes it once the pet is gone', async () => {
    const session = fresh();
    const category = await mock.request('POST', '/categories', { session, body: { name: 'reptile' } });
    const pet = await mock.request('POST', '/pets', { session, body: { name: 'Iggy', categoryId: category.body.id } });
    const before = await allCategories(session);
    const refused = await mock.request('DELETE', `/categories/${category.body.id}`, { session });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'category_in_use', status: 409 });
    expect(await allCategories(session)).toEqual(before);
    expect((await mock.request('GET', `/pets/${pet.body.id}`, { session })).body.categoryId).toBe(category.body.id);
    expect((await mock.request('DELETE', `/pets/${pet.body.id}`, { session })).status).toBe(204);
    expect((await mock.request('DELETE', `/categories/${category.body.id}`, { session })).status).toBe(204);
  });

  it('counts a pet moved to another category as no longer using it', async () => {
    const session = fresh();
    const from = await mock.request('POST', '/categories', { session, body: { name: 'from' } });
    const to = await mock.request('POST', '/categories', { session, body: { name: 'to' } });
    const pet = await mock.request('POST', '/pets', { session, body: { name: 'Mover', categoryId: from.body.id } });
    await mock.request('PATCH', `/pets/${pet.body.id}`, { session, body: { categoryId: to.body.id } });
    expect((await mock.request('DELETE', `/categories/${from.body.id}`, { session })).status).toBe(204);
    expect((await mock.request('DELETE', `/categories/${to.body.id}`, { session })).status).toBe(409);
  });
});
