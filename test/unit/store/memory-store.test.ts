import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/errors.js';
import { createMemoryStore } from '../../../src/packs/petstore/store/memory-store.js';
import type { StoreData } from '../../../src/packs/petstore/store/records.js';
import { NOW, fixtureData } from './store-fixture.js';

const ALL = { limit: 100, offset: 0 };

/** Seven pets over two categories, for the list tests. */
function listData(): StoreData {
  const base = fixtureData();
  const more = [
    { id: 5, name: 'Rexanne', categoryId: 2, status: 'available' as const },
    { id: 6, name: 'BOREX', categoryId: 1, status: 'sold' as const },
    { id: 7, name: 'Luna', categoryId: 2, status: 'pending' as const },
  ];
  return {
    ...base,
    pets: [...base.pets, ...more].reverse(), // unsorted on purpose
    stock: new Map([...base.stock, [5, 2], [6, 0], [7, 0]]),
  };
}

describe('createMemoryStore', () => {
  it('shares the frozen records of the data instead of copying them', async () => {
    const data = fixtureData();
    const store = createMemoryStore(data);
    expect(await store.getPet(1)).toBe(data.pets[0]);
    expect(await store.getCategory(1)).toBe(data.categories[0]);
    expect((await store.snapshot()).orders[1]).toBe(data.orders[1]);
  });

  it('freezes a copy of records that are not frozen, leaving the caller’s objects alone', async () => {
    const pet = { id: 1, name: 'Rex', categoryId: 1, status: 'available' as const };
    const store = createMemoryStore({ categories: [{ id: 1, name: 'dog' }], pets: [pet], stock: new Map([[1, 0]]), orders: [] });
    const stored = await store.getPet(1);
    expect(Object.isFrozen(stored)).toBe(true);
    expect(Object.isFrozen(pet)).toBe(false);
  });

  it('keeps two stores made from the same data apart', async () => {
    const data = fixtureData();
    const a = createMemoryStore(data);
    const b = createMemoryStore(data);
    await a.placeOrder({ petId: 2, quantity: 1 }, NOW);
    expect(await b.getInventory(2)).toEqual({ petId: 2, quantity: 1, status: 'available' });
    expect(data.stock.get(2)).toBe(1);
  });

  it('gives new records the id after the highest existing one', async () => {
    const store = createMemoryStore(listData());
    expect((await store.createPet({ name: 'Kiwi', categoryId: 1 })).id).toBe(8);
    expect((await store.createCategory({ name: 'bird' })).id).toBe(4);
    expect((await store.placeOrder({ petId: 1, quantity: 1 }, NOW)).id).toBe(3);
  });

  it('does not reuse the id of the newest record once it is deleted', async () => {
    const store = createMemoryStore(fixtureData());
    const pet = await store.createPet({ name: 'Kiwi', categoryId: 1 });
    await store.deletePet(pet.id);
    expect((await store.createPet({ name: 'Kiwi', categoryId: 1 })).id).toBe(pet.id + 1);
  });
});

describe('errors', () => {
  it('rejects with the ApiError and leaves the snapshot as it was', async () => {
    const store = createMemoryStore(fixtureData());
    const before = JSON.stringify(await store.snapshot(), mapsAsArrays);
    const attempts: [() => Promise<unknown>, string][] = [
      [() => store.placeOrder({ petId: 1, quantity: 4 }, NOW), 'insufficient_stock'],
      [() => store.placeOrder({ petId: 3, quantity: 1 }, NOW), 'pet_not_available'],
      [() => store.placeOrder({ petId: 99, quantity: 1 }, NOW), 'invalid_reference'],
      [() => store.deletePet(4), 'pet_has_open_orders'],
      [() => store.deleteCategory(1), 'category_in_use'],
      [() => store.deleteOrder(1), 'order_completed'],
      [() => store.updateOrder(1, { complete: false }), 'order_completed'],
      [() => store.createPet({ name: 'x', categoryId: 42 }), 'invalid_reference'],
      [() => store.replacePet(42, { name: 'x', categoryId: 1 }), 'not_found'],
      [() => store.setInventory(42, 1), 'not_found'],
      [() => store.getOrder(42), 'not_found'],
    ];
    for (const [attempt, code] of attempts) {
      const error = await attempt().then(() => undefined, (err: unknown) => err);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code });
    }
    expect(JSON.stringify(await store.snapshot(), mapsAsArrays)).toBe(before);
  });
});

describe('concurrency', () => {
  it('lets exactly one of 20 simultaneous orders take the last unit', async () => {
    const store = createMemoryStore(fixtureData());
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => store.placeOrder({ petId: 2, quantity: 1 }, NOW)),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.every((r) => r.reason instanceof ApiError && r.reason.status === 409)).toBe(true);
    expect(await store.getInventory(2)).toEqual({ petId: 2, quantity: 0, status: 'pending' });
    expect((await store.listOrders({ petId: 2 }, ALL)).total).toBe(1);
  });
});

describe('lists', () => {
  it('orders pets by id ascending whatever order the data came in', async () => {
    const store = createMemoryStore(listData());
    const page = await store.listPets({}, ALL);
    expect(page.items.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(page.total).toBe(7);
  });

  it('pages with limit and offset and counts every match', async () => {
    const store = createMemoryStore(listData());
    const page = await store.listPets({}, { limit: 3, offset: 2 });
    expect(page.items.map((p) => p.id)).toEqual([3, 4, 5]);
    expect(page.total).toBe(7);
    expect(await store.listPets({}, { limit: 3, offset: 7 })).toEqual({ items: [], total: 7 });
    expect((await store.listPets({}, { limit: 5, offset: 5 })).items.map((p) => p.id)).toEqual([6, 7]);
  });

  it('filters pets by any of several statuses', async () => {
    const store = createMemoryStore(listData());
    const page = await store.listPets({ status: ['sold', 'pending'] }, ALL);
    expect(page.items.map((p) => p.id)).toEqual([3, 4, 6, 7]);
  });

  it('filters pets by category, by a case-insensitive part of the name, and by any of several ids', async () => {
    const store = createMemoryStore(listData());
    expect((await store.listPets({ categoryId: 1 }, ALL)).items.map((p) => p.id)).toEqual([1, 4, 6]);
    expect((await store.listPets({ name: 'rEx' }, ALL)).items.map((p) => p.id)).toEqual([1, 5, 6]);
    expect((await store.listPets({ id: [7, 2, 99] }, ALL)).items.map((p) => p.id)).toEqual([2, 7]);
  });

  it('combines pet filters and pages the result', async () => {
    const store = createMemoryStore(listData());
    const page = await store.listPets({ name: 'rex', status: ['available'] }, { limit: 1, offset: 1 });
    expect(page).toEqual({ items: [expect.objectContaining({ id: 5 })], total: 2 });
  });

  it('treats an empty filter list as no filter', async () => {
    const store = createMemoryStore(listData());
    expect((await store.listPets({ status: [], id: [] }, ALL)).total).toBe(7);
    expect((await store.listInventory({ status: [] }, ALL)).total).toBe(7);
  });

  it('filters orders by pet and by completeness', async () => {
    const store = createMemoryStore(listData());
    await store.placeOrder({ petId: 1, quantity: 1 }, NOW);
    expect((await store.listOrders({ petId: 1 }, ALL)).items.map((o) => o.id)).toEqual([1, 3]);
    expect((await store.listOrders({ complete: false }, ALL)).items.map((o) => o.id)).toEqual([2, 3]);
    expect((await store.listOrders({ petId: 1, complete: true }, ALL)).items.map((o) => o.id)).toEqual([1]);
  });

  it('lists inventory items with the pet’s status, filtered by status', async () => {
    const store = createMemoryStore(listData());
    const page = await store.listInventory({ status: ['available'] }, { limit: 2, offset: 0 });
    expect(page).toEqual({
      items: [
        { petId: 1, quantity: 3, status: 'available' },
        { petId: 2, quantity: 1, status: 'available' },
      ],
      total: 3,
    });
  });

  it('lists categories by id ascending, paged', async () => {
    const store = createMemoryStore(listData());
    await store.createCategory({ name: 'bird' });
    expect(await store.listCategories({ limit: 2, offset: 2 })).toEqual({
      items: [{ id: 3, name: 'fish' }, { id: 4, name: 'bird' }],
      total: 4,
    });
  });

  it('keeps id order after records are replaced', async () => {
    const store = createMemoryStore(listData());
    await store.replacePet(1, { name: 'Rex II', categoryId: 1 });
    await store.setInventory(3, 4);
    expect((await store.listPets({}, ALL)).items.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await store.snapshot()).pets.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('snapshot', () => {
  it('is a copy that later changes do not reach', async () => {
    const store = createMemoryStore(fixtureData());
    const before = await store.snapshot();
    await store.setInventory(1, 9);
    await store.createPet({ name: 'Kiwi', categoryId: 1 });
    expect(before.stock.get(1)).toBe(3);
    expect(before.pets).toHaveLength(4);
    expect(Object.isFrozen(before.pets)).toBe(true);
  });
});

function mapsAsArrays(_key: string, value: unknown): unknown {
  return value instanceof Map ? [...value] : value;
}
