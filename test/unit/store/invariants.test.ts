import { describe, expect, it } from 'vitest';
import { checkInvariants } from '../../../src/packs/petstore/store/invariants.js';
import type { Order, Pet, StoreData } from '../../../src/packs/petstore/store/records.js';
import { fixtureData } from './store-fixture.js';

function withPets(pets: readonly unknown[], stock = fixtureData().stock): StoreData {
  return { ...fixtureData(), pets: pets as Pet[], stock };
}

describe('checkInvariants', () => {
  it('finds nothing wrong with a consistent data set', () => {
    expect(checkInvariants(fixtureData())).toEqual([]);
  });

  it('reports a pet without an inventory entry and an entry without a pet', () => {
    const data = fixtureData();
    const stock = new Map(data.stock);
    stock.delete(2);
    stock.set(9, 1);
    expect(checkInvariants({ ...data, stock })).toEqual(['pet 2 has no inventory entry', 'inventory entry 9 names no pet']);
  });

  it('reports stock that is negative or not an integer', () => {
    const data = fixtureData();
    const stock = new Map(data.stock).set(1, -1).set(2, 1.5);
    expect(checkInvariants({ ...data, stock })).toEqual([
      'inventory entry 1 has stock -1, not an integer >= 0',
      'inventory entry 2 has stock 1.5, not an integer >= 0',
    ]);
  });

  it('reports a pet whose category does not exist', () => {
    const data = fixtureData();
    expect(checkInvariants({ ...data, categories: data.categories.filter((c) => c.id !== 2) })).toEqual([
      'pet 2 names category 2, which does not exist',
      'pet 3 names category 2, which does not exist',
    ]);
  });

  it('reports an open order for a missing pet but accepts a completed one (history)', () => {
    const data = fixtureData();
    const stock = new Map(data.stock);
    stock.delete(1);
    stock.delete(4);
    const pets = data.pets.filter((p) => p.id !== 1 && p.id !== 4);
    expect(checkInvariants({ ...data, pets, stock })).toEqual(['order 2 is open but names pet 4, which does not exist']);
  });

  it('reports ids used twice and ids that are not integers >= 1', () => {
    const data = fixtureData();
    const problems = checkInvariants({
      ...data,
      categories: [...data.categories, { id: 1, name: 'again' }, { id: 0, name: 'zero' }],
      orders: [...data.orders, { ...data.orders[0]!, id: 2 } as Order],
    });
    expect(problems).toEqual(['category id 1 is used twice', 'a category has id 0, not an integer >= 1', 'order id 2 is used twice']);
  });

  it('reports records of the wrong shape', () => {
    const data = fixtureData();
    const problems = checkInvariants({
      ...data,
      pets: [...data.pets.slice(1), { id: 1, name: '', categoryId: 1, status: 'lost', owner: 'x' } as unknown as Pet],
      orders: [{ id: 1, petId: 1, quantity: 0, shipDate: 'tomorrow', complete: 'yes' } as unknown as Order],
    });
    expect(problems).toEqual([
      'pet 1 has an unknown field "owner"',
      'pet 1 has no name',
      'pet 1 has status "lost"',
      'order 1 has quantity 0',
      'order 1 has shipDate "tomorrow", not a date-time',
      'order 1 has complete "yes"',
    ]);
  });

  it('keeps messages short whatever the data holds', () => {
    const hostile = Object.create(null) as object;
    const problems = checkInvariants(withPets([{ id: 1, name: 'Rex', categoryId: 1, status: 'x'.repeat(100_000) }, { id: 2, name: 'Tom', categoryId: 2, status: hostile }, ...fixtureData().pets.slice(2)]));
    expect(problems).toHaveLength(2);
    for (const problem of problems) expect(problem.length).toBeLessThan(100);
  });
});
