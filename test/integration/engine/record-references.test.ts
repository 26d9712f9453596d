import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDocumentMock, type DocumentMock } from './engine-harness.js';

const DOCUMENTS = new URL('../../fixtures/documents/', import.meta.url).pathname;

describe('references between records on the Swagger Petstore 3 document', () => {
  let mock: DocumentMock;
  beforeAll(async () => {
    mock = await startDocumentMock(`${DOCUMENTS}swagger-petstore-3/openapi.yaml`);
  });
  afterAll(async () => {
    await mock.close();
    expect(mock.problems).toEqual([]);
  });

  const pet = { name: 'Rex', photoUrls: ['https://example.com/rex.png'], status: 'available' };

  it('answers 422, the status the document gives, for an order whose petId names no pet, and stores nothing', async () => {
    const session = 'unknown-pet';
    const order = await mock.request('POST', '/store/order', { session, body: { petId: 987654321, quantity: 1, status: 'placed' } });
    expect(order.status).toBe(422);
    const lines = (await (await fetch(`${mock.url}/__admin/operations`)).json()) as { operationId: string; references?: string[] }[];
    expect(lines.find((l) => l.operationId === 'placeOrder')?.references).toEqual(['petId->pet']);
  });

  it('places an order for a pet that exists, and reads it back', async () => {
    const session = 'known-pet';
    const created = await mock.request('POST', '/pet', { session, body: pet });
    expect(created.status).toBe(200);
    const order = await mock.request('POST', '/store/order', { session, body: { petId: created.body.id, quantity: 2, status: 'placed' } });
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({ petId: created.body.id, quantity: 2 });
    const read = await mock.request('GET', `/store/order/${order.body.id}`, { session });
    expect(read.status).toBe(200);
    expect(read.body.petId).toBe(created.body.id);
  });

  it('refuses an order for a pet deleted since: references are checked against the session records of now', async () => {
    const session = 'deleted-pet';
    const created = await mock.request('POST', '/pet', { session, body: pet });
    expect((await mock.request('DELETE', `/pet/${created.body.id}`, { session })).status).toBe(200);
    const order = await mock.request('POST', '/store/order', { session, body: { petId: created.body.id, quantity: 1 } });
    expect(order.status).toBe(422);
  });

  it('answers 404 for an image upload to a pet that does not exist (an action below the item path, 404 by default)', async () => {
    const answer = await mock.request('POST', '/pet/987654321/uploadImage', { session: 'upload', rawBody: 'png', headers: { 'Content-Type': 'application/octet-stream' } });
    expect(answer.status).toBe(404);
  });
});

describe('records of several kinds on the Redocly Cafe document', () => {
  let mock: DocumentMock;
  beforeAll(async () => {
    mock = await startDocumentMock(`${DOCUMENTS}redocly-cafe/openapi.yaml`);
  });
  afterAll(async () => {
    await mock.close();
    expect(mock.problems).toEqual([]);
  });
  const unknown = 'prd_0000000000000000000000000a';

  it('serves the menu (Beverage | Dessert) as CRUD: listed records are of either kind, an unknown item is 404', async () => {
    const list = await mock.request('GET', '/menu', { session: 'menu' });
    expect(list.status).toBe(200);
    expect(new Set(list.body.items.map((i: { category: string }) => i.category))).toEqual(new Set(['beverage', 'dessert']));
    expect((await mock.request('DELETE', `/menu/${unknown}`, { session: 'menu' })).status).toBe(404);
    const listed = list.body.items[0].id;
    expect((await mock.request('DELETE', `/menu/${listed}`, { session: 'menu' })).status).toBe(204);
    expect((await mock.request('DELETE', `/menu/${listed}`, { session: 'menu' })).status).toBe(404);
  });

  it("answers a menu item's photo for an item that exists and 404 for one that does not", async () => {
    const list = await mock.request('GET', '/menu', { session: 'photo' });
    const photo = await mock.request('GET', `/menu-item-images/${list.body.items[0].id}`, { session: 'photo' });
    expect(photo.status).toBe(200);
    const missing = await mock.request('GET', `/menu-item-images/${unknown}`, { session: 'photo' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404 });
  });
});
