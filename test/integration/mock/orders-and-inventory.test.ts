import { describe, expect, it } from 'vitest';
import { readableState, useTestMock, sessionNames, type ApiResponse } from '../../helpers/mock-harness.js';

/*
 * The state machine of INTERFACE.md section 7, driven through the API only. Every test makes its
 * own category and pet in its own session, and checks after each step that the pet's status, its
 * inventory entry and the inventory list agree.
 */

type Status = 'available' | 'pending' | 'sold';

const fresh = sessionNames('orders');

const mock = useTestMock();

/** A new pet in a new category, with `stock` units (set by PUT /store/inventory when > 0). */
async function petWithStock(session: string, stock: number): Promise<number> {
  const category = await mock.request('POST', '/categories', { session, body: { name: `kind-${session}` } });
  expect(category.status).toBe(201);
  const pet = await mock.request('POST', '/pets', { session, body: { name: `Pet-${session}`, categoryId: category.body.id } });
  expect(pet.status).toBe(201);
  if (stock > 0) {
    const res = await mock.request('PUT', `/store/inventory/${pet.body.id}`, { session, body: { quantity: stock } });
    expect(res.status).toBe(200);
  }
  return pet.body.id;
}

async function order(session: string, petId: number, quantity: number): Promise<ApiResponse> {
  return mock.request('POST', '/store/orders', { session, body: { petId, quantity } });
}

async function placed(session: string, petId: number, quantity: number): Promise<number> {
  const res = await order(session, petId, quantity);
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function complete(session: string, orderId: number): Promise<ApiResponse> {
  return mock.request('PATCH', `/store/orders/${orderId}`, { session, body: { complete: true } });
}

async function setStock(session: string, petId: number, quantity: number): Promise<ApiResponse> {
  return mock.request('PUT', `/store/inventory/${petId}`, { session, body: { quantity } });
}

/** The pet, its inventory entry and the filtered lists all say `status`, with `quantity` in stock. */
async function expectState(session: string, petId: number, status: Status, quantity: number): Promise<void> {
  const pets = await mock.request('GET', `/pets?id=${petId}`, { session });
  expect(pets.body).toHaveLength(1);
  expect(pets.body[0].status, 'pet status').toBe(status);
  const item = await mock.request('GET', `/store/inventory/${petId}`, { session });
  expect(item.status).toBe(200);
  expect(item.body, 'inventory entry').toEqual({ petId, quantity, status });
  const listed: unknown[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await mock.request('GET', `/store/inventory?status=${status}&limit=100&offset=${offset}`, { session });
    listed.push(...page.body);
    if (page.body.length < 100) break;
  }
  expect(listed, 'inventory list filtered by status').toContainEqual({ petId, quantity, status });
  expect((await mock.request('GET', `/pets?id=${petId}&status=${status}`, { session })).body).toHaveLength(1);
}

const snapshot = (session: string) => readableState(mock, session);

async function expectRejected(session: string, res: ApiResponse, status: number, code: string): Promise<void> {
  expect(res.status, res.text).toBe(status);
  expect(res.body).toMatchObject({ code, status });
  expect(res.headers['content-type']).toBe('application/json');
  expect(res.headers.location).toBeUndefined();
}

describe('a new pet', () => {
  it('is available with an inventory entry of quantity 0', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 0);
    await expectState(session, petId, 'available', 0);
  });

  it('cannot be ordered while it has no stock: 409 insufficient_stock', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 0);
    const before = await snapshot(session);
    await expectRejected(session, await order(session, petId, 1), 409, 'insufficient_stock');
    expect(await snapshot(session)).toBe(before);
  });
});

describe('POST /store/orders', () => {
  it('answers 201 with the open order and a Location that reads it back', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 5);
    const res = await mock.request('POST', '/store/orders', { session, body: { petId, quantity: 2, shipDate: '2026-12-01T12:00:00Z' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), petId, quantity: 2, shipDate: '2026-12-01T12:00:00Z', complete: false });
    expect(res.headers.location).toBe(`/store/orders/${res.body.id}`);
    const read = await mock.request('GET', res.headers.location!, { session });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(res.body);
    expect((await mock.request('GET', `/store/orders?petId=${petId}`, { session })).body).toEqual([res.body]);
  });

  it('gives an order placed without shipDate a date-time shipDate', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 1);
    const res = await order(session, petId, 1);
    expect(res.status).toBe(201);
    expect(Number.isNaN(Date.parse(res.body.shipDate))).toBe(false);
    expect(res.body.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
  });

  it('takes the stock and leaves the pet available while some is left', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 5);
    await expectState(session, petId, 'available', 5);
    await placed(session, petId, 2);
    await expectState(session, petId, 'available', 3);
  });

  it('takes the stock and makes the pet pending when it reaches 0', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 3);
    await placed(session, petId, 1);
    await placed(session, petId, 2);
    await expectState(session, petId, 'pending', 0);
  });

  it('refuses 409 insufficient_stock when the quantity exceeds the stock, changing nothing', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 2);
    const before = await snapshot(session);
    const res = await order(session, petId, 3);
    await expectRejected(session, res, 409, 'insufficient_stock');
    expect(await snapshot(session)).toBe(before);
    await expectState(session, petId, 'available', 2);
  });

  it('refuses 409 pet_not_available for a pending or a sold pet, changing nothing', async () => {
    const session = fresh();
    const pendingPet = await petWithStock(session, 1);
    await placed(session, pendingPet, 1); // stock 0: pending
    const soldPet = await petWithStock(session, 4);
    await mock.request('PATCH', `/pets/${soldPet}`, { session, body: { status: 'sold' } });
    const before = await snapshot(session);
    await expectRejected(session, await order(session, pendingPet, 1), 409, 'pet_not_available');
    await expectRejected(session, await order(session, soldPet, 1), 409, 'pet_not_available');
    expect(await snapshot(session)).toBe(before);
    await expectState(session, soldPet, 'sold', 4);
  });

  it('refuses 422 invalid_reference for an unknown petId, changing nothing', async () => {
    const session = fresh();
    const before = await snapshot(session);
    await expectRejected(session, await order(session, 999999, 1), 422, 'invalid_reference');
    expect(await snapshot(session)).toBe(before);
  });
});

describe('PATCH /store/orders/{orderId} {complete: true}', () => {
  it('fulfils the order and makes a pet with no stock and no other open order sold', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 1);
    const orderId = await placed(session, petId, 1);
    await expectState(session, petId, 'pending', 0);
    const res = await complete(session, orderId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: orderId, petId, quantity: 1, complete: true });
    expect((await mock.request('GET', `/store/orders/${orderId}`, { session })).body).toEqual(res.body);
    await expectState(session, petId, 'sold', 0);
  });

  it('leaves the pet pending while another order for it is open, and sells it with the last', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 2);
    const first = await placed(session, petId, 1);
    const second = await placed(session, petId, 1);
    await expectState(session, petId, 'pending', 0);
    expect((await complete(session, first)).status).toBe(200);
    await expectState(session, petId, 'pending', 0);
    expect((await complete(session, second)).status).toBe(200);
    await expectState(session, petId, 'sold', 0);
  });

  it('leaves a pet that still has stock available', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 3);
    const orderId = await placed(session, petId, 1);
    expect((await complete(session, orderId)).status).toBe(200);
    await expectState(session, petId, 'available', 2);
  });

  it('is a no-op 200 on an order that is already complete', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 1);
    const orderId = await placed(session, petId, 1);
    const first = await complete(session, orderId);
    const before = await snapshot(session);
    const again = await complete(session, orderId);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await snapshot(session)).toBe(before);
  });

  it('never sets complete back to false: 409 order_completed, changing nothing', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 1);
    const orderId = await placed(session, petId, 1);
    await complete(session, orderId);
    const before = await snapshot(session);
    const res = await mock.request('PATCH', `/store/orders/${orderId}`, { session, body: { complete: false } });
    await expectRejected(session, res, 409, 'order_completed');
    expect(await snapshot(session)).toBe(before);
    expect((await mock.request('GET', `/store/orders/${orderId}`, { session })).body.complete).toBe(true);
  });

  it('answers 404 not_found for an unknown order', async () => {
    const session = fresh();
    await expectRejected(session, await complete(session, 999999), 404, 'not_found');
  });
});

describe('DELETE /store/orders/{orderId}', () => {
  it('cancels an open order: 204, its stock comes back and a pending pet is available again', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 2);
    const orderId = await placed(session, petId, 2);
    await expectState(session, petId, 'pending', 0);
    const res = await mock.request('DELETE', `/store/orders/${orderId}`, { session });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    await expectState(session, petId, 'available', 2);
    const gone = await mock.request('GET', `/store/orders/${orderId}`, { session });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('gives the stock back to a pet that is still available', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 5);
    const orderId = await placed(session, petId, 2);
    expect((await mock.request('DELETE', `/store/orders/${orderId}`, { session })).status).toBe(204);
    await expectState(session, petId, 'available', 5);
  });

  it('makes a pending pet available again when a cancelled order returns stock, though another order is still open', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 2);
    const first = await placed(session, petId, 1);
    await placed(session, petId, 1);
    await expectState(session, petId, 'pending', 0);
    expect((await mock.request('DELETE', `/store/orders/${first}`, { session })).status).toBe(204);
    await expectState(session, petId, 'available', 1);
  });

  it('refuses a completed order with 409 order_completed, changing nothing', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 1);
    const orderId = await placed(session, petId, 1);
    await complete(session, orderId);
    const before = await snapshot(session);
    const res = await mock.request('DELETE', `/store/orders/${orderId}`, { session });
    await expectRejected(session, res, 409, 'order_completed');
    expect(await snapshot(session)).toBe(before);
    await expectState(session, petId, 'sold', 0);
  });

  it('answers 404 not_found for an unknown order', async () => {
    const session = fresh();
    await expectRejected(session, await mock.request('DELETE', '/store/orders/999999', { session }), 404, 'not_found');
  });
});

describe('PUT /store/inventory/{petId}', () => {
  it('sets the stock and answers the inventory entry', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 0);
    const res = await setStock(session, petId, 25);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ petId, quantity: 25, status: 'available' });
    await expectState(session, petId, 'available', 25);
  });

  it('makes a sold pet available when the stock goes above 0', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 1);
    await complete(session, await placed(session, petId, 1));
    await expectState(session, petId, 'sold', 0);
    expect((await setStock(session, petId, 4)).body).toEqual({ petId, quantity: 4, status: 'available' });
    await expectState(session, petId, 'available', 4);
  });

  it('makes a pending pet available when the stock goes above 0', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 1);
    await placed(session, petId, 1);
    await expectState(session, petId, 'pending', 0);
    expect((await setStock(session, petId, 3)).body).toEqual({ petId, quantity: 3, status: 'available' });
    await expectState(session, petId, 'available', 3);
  });

  it('makes an available pet sold when the stock goes to 0 and no order is open', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 5);
    expect((await setStock(session, petId, 0)).body).toEqual({ petId, quantity: 0, status: 'sold' });
    await expectState(session, petId, 'sold', 0);
  });

  it('makes an available pet pending when the stock goes to 0 while an order for it is open', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 5);
    await placed(session, petId, 1);
    await expectState(session, petId, 'available', 4);
    expect((await setStock(session, petId, 0)).body).toEqual({ petId, quantity: 0, status: 'pending' });
    await expectState(session, petId, 'pending', 0);
  });

  it('leaves a pending or sold pet as it is when the stock is set to 0', async () => {
    const session = fresh();
    const pendingPet = await petWithStock(session, 1);
    await placed(session, pendingPet, 1);
    expect((await setStock(session, pendingPet, 0)).body.status).toBe('pending');
    await expectState(session, pendingPet, 'pending', 0);
    const soldPet = await petWithStock(session, 0);
    await mock.request('PATCH', `/pets/${soldPet}`, { session, body: { status: 'sold' } });
    expect((await setStock(session, soldPet, 0)).body.status).toBe('sold');
    await expectState(session, soldPet, 'sold', 0);
  });

  it('answers 404 not_found for a pet that does not exist', async () => {
    const session = fresh();
    const before = await snapshot(session);
    await expectRejected(session, await setStock(session, 999999, 3), 404, 'not_found');
    expect(await snapshot(session)).toBe(before);
  });
});

describe('GET /store/inventory', () => {
  it('has one entry per pet, each with its pet\'s status', async () => {
    const session = fresh();
    const pets: { id: number; status: Status }[] = [];
    const items: { petId: number; status: Status }[] = [];
    for (let offset = 0; ; offset += 100) {
      const p = await mock.request('GET', `/pets?limit=100&offset=${offset}`, { session });
      const i = await mock.request('GET', `/store/inventory?limit=100&offset=${offset}`, { session });
      pets.push(...p.body);
      items.push(...i.body);
      if (p.body.length < 100) break;
    }
    expect(items.map((i) => i.petId)).toEqual(pets.map((p) => p.id));
    expect(items.map((i) => i.status)).toEqual(pets.map((p) => p.status));
    expect(items.some((i) => (i as { quantity?: number }).quantity! > 0)).toBe(true);
  });

  it('answers 404 not_found for the entry of an unknown pet', async () => {
    const session = fresh();
    await expectRejected(session, await mock.request('GET', '/store/inventory/999999', { session }), 404, 'not_found');
  });
});

describe('GET /store/orders and /store/orders/{orderId}', () => {
  it('lists orders as a plain array and reads one; 404 for an unknown order', async () => {
    const session = fresh();
    const list = await mock.request('GET', '/store/orders', { session });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(20);
    const first = list.body[0];
    const one = await mock.request('GET', `/store/orders/${first.id}`, { session });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(first);
    await expectRejected(session, await mock.request('GET', '/store/orders/999999', { session }), 404, 'not_found');
  });
});

describe('DELETE /pets/{petId} and orders', () => {
  it('refuses 409 pet_has_open_orders while an order is open, changing nothing', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 3);
    await placed(session, petId, 1);
    const before = await snapshot(session);
    await expectRejected(session, await mock.request('DELETE', `/pets/${petId}`, { session }), 409, 'pet_has_open_orders');
    expect(await snapshot(session)).toBe(before);
    await expectState(session, petId, 'available', 2);
  });

  it('deletes the pet and its inventory entry once its orders are complete', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 3);
    await complete(session, await placed(session, petId, 1));
    const res = await mock.request('DELETE', `/pets/${petId}`, { session });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    await expectRejected(session, await mock.request('GET', `/store/inventory/${petId}`, { session }), 404, 'not_found');
    await expectRejected(session, await setStock(session, petId, 1), 404, 'not_found');
    const inventory = await mock.request('GET', '/store/inventory?limit=100&offset=0', { session });
    const total = Number(inventory.headers['x-total-count']);
    const pets = await mock.request('GET', '/pets?limit=1', { session });
    expect(total).toBe(Number(pets.headers['x-total-count']));
    expect((await mock.request('GET', `/pets?id=${petId}`, { session })).body).toEqual([]);
  });

  it('refuses an order for a deleted pet with 422 invalid_reference', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 0);
    expect((await mock.request('DELETE', `/pets/${petId}`, { session })).status).toBe(204);
    await expectRejected(session, await order(session, petId, 1), 422, 'invalid_reference');
  });
});

describe('PUT and PATCH of a pet set its status directly', () => {
  it('the inventory entry follows a status set by PATCH and by PUT, the stock unchanged', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 7);
    const pet = (await mock.request('GET', `/pets?id=${petId}`, { session })).body[0];
    await mock.request('PATCH', `/pets/${petId}`, { session, body: { status: 'pending' } });
    await expectState(session, petId, 'pending', 7);
    await mock.request('PUT', `/pets/${petId}`, { session, body: { name: pet.name, categoryId: pet.categoryId, status: 'sold' } });
    await expectState(session, petId, 'sold', 7);
    await mock.request('PUT', `/pets/${petId}`, { session, body: { name: 'Renamed', categoryId: pet.categoryId } });
    await expectState(session, petId, 'sold', 7);
  });
});

describe('rejected requests', () => {
  it('leave every record as it was, whatever the reason (400, 404, 409, 415, 422)', async () => {
    const session = fresh();
    const petId = await petWithStock(session, 1);
    const openOrder = await placed(session, petId, 1); // pet pending, stock 0, one open order
    const donePet = await petWithStock(session, 1);
    const doneOrder = await placed(session, donePet, 1);
    await complete(session, doneOrder); // donePet sold
    const usedCategory = (await mock.request('GET', `/pets?id=${petId}`, { session })).body[0].categoryId;
    const before = await snapshot(session);
    const rejected: [string, string, unknown, number][] = [
      ['POST', '/pets', { name: 'X', categoryId: 999999 }, 422],
      ['POST', '/pets', { name: '', categoryId: usedCategory }, 400],
      ['PUT', `/pets/${petId}`, { name: 'X' }, 400],
      ['PATCH', `/pets/${petId}`, { categoryId: 999999 }, 422],
      ['PATCH', `/pets/${petId}`, { status: 'lost' }, 400],
      ['DELETE', `/pets/${petId}`, undefined, 409],
      ['DELETE', `/categories/${usedCategory}`, undefined, 409],
      ['PUT', '/categories/999999', { name: 'x' }, 404],
      ['POST', '/store/orders', { petId, quantity: 1 }, 409],
      ['POST', '/store/orders', { petId: donePet, quantity: 1 }, 409],
      ['POST', '/store/orders', { petId: 999999, quantity: 1 }, 422],
      ['POST', '/store/orders', { petId, quantity: 0 }, 400],
      ['PATCH', `/store/orders/${doneOrder}`, { complete: false }, 409],
      ['DELETE', `/store/orders/${doneOrder}`, undefined, 409],
      ['DELETE', '/store/orders/999999', undefined, 404],
      ['PUT', `/store/inventory/${petId}`, { quantity: -1 }, 400],
      ['PUT', '/store/inventory/999999', { quantity: 1 }, 404],
    ];
    for (const [method, path, body, status] of rejected) {
      const res = await mock.request(method, path, { session, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
    }
    const textBody = await mock.request('POST', '/store/orders', { session, rawBody: JSON.stringify({ petId, quantity: 1 }), headers: { 'Content-Type': 'text/plain' } });
    expect(textBody.status).toBe(415);
    expect(await snapshot(session)).toBe(before);
    expect((await mock.request('GET', `/store/orders/${openOrder}`, { session })).body.complete).toBe(false);
  });
});
