import { describe, expect, it } from 'vitest';
import { readableState, useTestMock, sessionNames, type ApiResponse } from '../../helpers/mock-harness.js';

/** A fresh session per test: its own store, made from the seed data. */
const fresh = sessionNames('pets');

const mock = useTestMock();

/** HEAD answers carry GET's headers and no body (the harness checks exactly that). */
const head = (path: string, session: string) => mock.request('HEAD', path, { session });

async function newCategory(session: string, name = `kind-${session}`): Promise<number> {
  const res = await mock.request('POST', '/categories', { session, body: { name } });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

async function newPet(session: string, body: Record<string, unknown>): Promise<ApiResponse> {
  const res = await mock.request('POST', '/pets', { session, body });
  expect(res.status, res.text).toBe(201);
  return res;
}

const snapshot = (session: string) => readableState(mock, session);

describe('POST /pets', () => {
  it('creates an available pet with stock 0, answering 201 with a Location that reads it back', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const res = await newPet(session, { name: 'Biscuit', categoryId });
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Biscuit', categoryId, status: 'available' });
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.location).toBe(`/pets/${res.body.id}`);
    const read = await mock.request('GET', res.headers.location!, { session });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    const stock = await mock.request('GET', `/store/inventory/${res.body.id}`, { session });
    expect(stock.body).toEqual({ petId: res.body.id, quantity: 0, status: 'available' });
  });

  it('gives each new pet a new id, above every existing one', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const before = await mock.request('GET', '/pets?limit=1', { session });
    const total = Number(before.headers['x-total-count']);
    const last = await mock.request('GET', `/pets?limit=1&offset=${total - 1}`, { session });
    const a = await newPet(session, { name: 'First', categoryId });
    const b = await newPet(session, { name: 'Second', categoryId });
    expect(a.body.id).toBeGreaterThan(last.body[0].id);
    expect(b.body.id).toBeGreaterThan(a.body.id);
  });

  it('creates a pet with the status the body gives, and its inventory entry has that status', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const res = await newPet(session, { name: 'Tom', categoryId, status: 'pending' });
    expect(res.body.status).toBe('pending');
    const stock = await mock.request('GET', `/store/inventory/${res.body.id}`, { session });
    expect(stock.body).toEqual({ petId: res.body.id, quantity: 0, status: 'pending' });
  });

  it('refuses an unknown categoryId with 422 invalid_reference and creates nothing', async () => {
    const session = fresh();
    const before = await snapshot(session);
    const res = await mock.request('POST', '/pets', { session, body: { name: 'Ghost', categoryId: 999999 } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'invalid_reference', status: 422 });
    expect(res.body.message).toMatch(/999999/);
    expect(res.headers.location).toBeUndefined();
    expect(await snapshot(session)).toBe(before);
  });
});

describe('GET /pets/{petId}', () => {
  it('answers one pet of the seed data', async () => {
    const session = fresh();
    const first = (await mock.request('GET', '/pets?limit=1', { session })).body[0];
    const res = await mock.request('GET', `/pets/${first.id}`, { session });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first);
  });

  it('answers 404 not_found for an id no pet has', async () => {
    const res = await mock.request('GET', '/pets/999999', { session: fresh() });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('answers HEAD with 200, the same headers and no body', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const pet = await newPet(session, { name: 'Quiet', categoryId });
    const answer = await head(`/pets/${pet.body.id}`, session);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.headers.deprecation).toBe('@1767225600');
    expect(answer.headers['x-ratelimit-limit']).toBe('1000');
    expect((await head('/pets/999999', session)).status).toBe(404);
  });
});

describe('PUT /pets/{petId}', () => {
  it('replaces name and category and keeps the current status when the body has none', async () => {
    const session = fresh();
    const dogs = await newCategory(session, 'dogs-x');
    const cats = await newCategory(session, 'cats-x');
    const pet = await newPet(session, { name: 'Rex', categoryId: dogs, status: 'sold' });
    const res = await mock.request('PUT', `/pets/${pet.body.id}`, { session, body: { name: 'Max', categoryId: cats } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: pet.body.id, name: 'Max', categoryId: cats, status: 'sold' });
    expect((await mock.request('GET', `/pets/${pet.body.id}`, { session })).body).toEqual(res.body);
  });

  it('sets the status directly when the body gives one, and the inventory entry follows', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const pet = await newPet(session, { name: 'Rex', categoryId });
    const res = await mock.request('PUT', `/pets/${pet.body.id}`, { session, body: { name: 'Rex', categoryId, status: 'sold' } });
    expect(res.body.status).toBe('sold');
    expect((await mock.request('GET', `/store/inventory/${pet.body.id}`, { session })).body).toEqual({ petId: pet.body.id, quantity: 0, status: 'sold' });
  });

  it('answers 404 for an unknown pet and 422 for an unknown category, changing nothing', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const pet = await newPet(session, { name: 'Rex', categoryId });
    const before = await snapshot(session);
    const missing = await mock.request('PUT', '/pets/999999', { session, body: { name: 'Max', categoryId } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', status: 404 });
    const badRef = await mock.request('PUT', `/pets/${pet.body.id}`, { session, body: { name: 'Max', categoryId: 999999 } });
    expect(badRef.status).toBe(422);
    expect(badRef.body).toMatchObject({ code: 'invalid_reference', status: 422 });
    const both = await mock.request('PUT', '/pets/999999', { session, body: { name: 'Max', categoryId: 999999 } });
    expect(both.status).toBe(404); // the id in the path is checked first
    expect(await snapshot(session)).toBe(before);
  });
});

describe('PATCH /pets/{petId}', () => {
  it('changes only the fields given', async () => {
    const session = fresh();
    const dogs = await newCategory(session, 'dogs-p');
    const cats = await newCategory(session, 'cats-p');
    const pet = await newPet(session, { name: 'Rex', categoryId: dogs });
    const id = pet.body.id;
    const renamed = await mock.request('PATCH', `/pets/${id}`, { session, body: { name: 'Buddy' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id, name: 'Buddy', categoryId: dogs, status: 'available' });
    const moved = await mock.request('PATCH', `/pets/${id}`, { session, body: { categoryId: cats } });
    expect(moved.body).toEqual({ id, name: 'Buddy', categoryId: cats, status: 'available' });
    const held = await mock.request('PATCH', `/pets/${id}`, { session, body: { status: 'pending' } });
    expect(held.body).toEqual({ id, name: 'Buddy', categoryId: cats, status: 'pending' });
    expect((await mock.request('GET', `/pets/${id}`, { session })).body).toEqual(held.body);
    expect((await mock.request('GET', `/store/inventory/${id}`, { session })).body.status).toBe('pending');
  });

  it('treats {} as a no-op and answers the pet as it is', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const pet = await newPet(session, { name: 'Same', categoryId, status: 'pending' });
    const before = await snapshot(session);
    const res = await mock.request('PATCH', `/pets/${pet.body.id}`, { session, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(pet.body);
    expect(await snapshot(session)).toBe(before);
  });

  it('answers 404 for an unknown pet and 422 for an unknown category, changing nothing', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const pet = await newPet(session, { name: 'Rex', categoryId });
    const before = await snapshot(session);
    const missing = await mock.request('PATCH', '/pets/999999', { session, body: { name: 'Max' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found', status: 404 });
    const badRef = await mock.request('PATCH', `/pets/${pet.body.id}`, { session, body: { name: 'Max', categoryId: 999999 } });
    expect(badRef.status).toBe(422);
    expect(badRef.body).toMatchObject({ code: 'invalid_reference', status: 422 });
    expect(await snapshot(session)).toBe(before);
  });
});

describe('DELETE /pets/{petId}', () => {
  it('answers 204 with an empty body; the pet and its inventory entry then read 404', async () => {
    const session = fresh();
    const categoryId = await newCategory(session);
    const pet = await newPet(session, { name: 'Gone', categoryId });
    const id = pet.body.id;
    const res = await mock.request('DELETE', `/pets/${id}`, { session });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBeUndefined();
    expect((await mock.request('GET', `/pets/${id}`, { session })).status).toBe(404);
    expect((await mock.request('GET', `/store/inventory/${id}`, { session })).status).toBe(404);
    expect((await mock.request('GET', `/pets?id=${id}`, { session })).body).toEqual([]);
    const again = await mock.request('DELETE', `/pets/${id}`, { session });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'not_found', status: 404 });
  });
});
