import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/errors.js';
import { checkInvariants } from '../../../src/packs/petstore/store/invariants.js';
import { createMemoryStore } from '../../../src/packs/petstore/store/memory-store.js';
import type { PetStatus, StoreData } from '../../../src/packs/petstore/store/records.js';
import type { Store } from '../../../src/packs/petstore/store/store.js';
import { NOW, fixtureData } from './store-fixture.js';

type Command = { name: string; run: (store: Store) => Promise<unknown> };

// Ids range a little past what exists, so unknown ids (404, 422) come up as often as known ones.
const petId = fc.integer({ min: 1, max: 9 });
const categoryId = fc.integer({ min: 1, max: 5 });
const orderId = fc.integer({ min: 1, max: 7 });
const status = fc.option(fc.constantFrom<PetStatus>('available', 'pending', 'sold'), { nil: undefined });
const name = fc.constantFrom('Rex', 'Tom', 'Luna');

const createPet = fc.record({ categoryId, status }).map(({ categoryId, status }) => ({
    name: `createPet(${categoryId}, ${status})`,
    run: (s: Store) => s.createPet(status === undefined ? { name: 'Kiwi', categoryId } : { name: 'Kiwi', categoryId, status }),
  }));
const command: fc.Arbitrary<Command> = fc.oneof(
  createPet,
  fc.record({ petId, categoryId, status, name }).map(({ petId, categoryId, status, name }) => ({
    name: `replacePet(${petId}, ${categoryId}, ${status})`,
    run: (s: Store) => s.replacePet(petId, status === undefined ? { name, categoryId } : { name, categoryId, status }),
  })),
  fc.record({ petId, patch: fc.record({ name, categoryId, status: fc.constantFrom<PetStatus>('available', 'pending', 'sold') }, { requiredKeys: [] }) }).map(({ petId, patch }) => ({
    name: `updatePet(${petId}, ${JSON.stringify(patch)})`,
    run: (s: Store) => s.updatePet(petId, patch),
  })),
  petId.map((id) => ({ name: `deletePet(${id})`, run: (s: Store) => s.deletePet(id) })),
  fc.constant({ name: 'createCategory', run: (s: Store) => s.createCategory({ name: 'bird' }) }),
  categoryId.map((id) => ({ name: `replaceCategory(${id})`, run: (s: Store) => s.replaceCategory(id, { name: 'renamed' }) })),
  categoryId.map((id) => ({ name: `deleteCategory(${id})`, run: (s: Store) => s.deleteCategory(id) })),
  placeOrder(),
  fc.record({ orderId, complete: fc.boolean() }).map(({ orderId, complete }) => ({
    name: `updateOrder(${orderId}, ${complete})`,
    run: (s: Store) => s.updateOrder(orderId, { complete }),
  })),
  deleteOrder(),
  fc.record({ petId, quantity: fc.integer({ min: 0, max: 5 }) }).map(({ petId, quantity }) => ({
    name: `setInventory(${petId}, ${quantity})`,
    run: (s: Store) => s.setInventory(petId, quantity),
  })),
);

function placeOrder(): fc.Arbitrary<Command> {
  return fc.record({ petId, quantity: fc.integer({ min: 1, max: 4 }) }).map(({ petId, quantity }) => ({
    name: `placeOrder(${petId}, ${quantity})`,
    run: (s: Store) => s.placeOrder({ petId, quantity }, NOW),
  }));
}

function deleteOrder(): fc.Arbitrary<Command> {
  return orderId.map((id) => ({ name: `deleteOrder(${id})`, run: (s: Store) => s.deleteOrder(id) }));
}

function json(data: StoreData): string {
  return JSON.stringify(data, (_key, value: unknown) => (value instanceof Map ? [...value] : value));
}

describe('any sequence of operations', () => {
  it('keeps the invariants, and a rejected operation changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), async (commands) => {
        const store = createMemoryStore(fixtureData());
        for (const cmd of commands) {
          const before = json(await store.snapshot());
          const failed = await cmd.run(store).then(() => undefined, (err: unknown) => err);
          const after = await store.snapshot();
          if (failed !== undefined) {
            expect(failed, cmd.name).toBeInstanceOf(ApiError);
            expect(json(after), cmd.name).toBe(before);
          }
          expect(checkInvariants(after), cmd.name).toEqual([]);
          const ids = after.pets.map((p) => p.id);
          expect(ids, cmd.name).toEqual([...ids].sort((a, b) => a - b));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the inventory status equal to the pet status', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 30 }), async (commands) => {
        const store = createMemoryStore(fixtureData());
        for (const cmd of commands) await cmd.run(store).catch(() => undefined);
        const pets = await store.listPets({}, { limit: 100, offset: 0 });
        const inventory = await store.listInventory({}, { limit: 100, offset: 0 });
        expect(inventory.items.map((i) => [i.petId, i.status])).toEqual(pets.items.map((p) => [p.id, p.status]));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps a pet’s units (stock plus open orders) fixed unless stock is set or an order completes', async () => {
    // Placing and cancelling orders only move units between the stock and open orders.
    const ordering = fc.oneof(
      { arbitrary: placeOrder(), weight: 4 },
      { arbitrary: deleteOrder(), weight: 4 },
      { arbitrary: command.filter((c) => !c.name.startsWith('setInventory') && !c.name.startsWith('updateOrder')), weight: 2 },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(ordering, { maxLength: 30 }), async (commands) => {
        const store = createMemoryStore(fixtureData());
        const units = async () => {
          const data = await store.snapshot();
          const open = data.orders.filter((o) => !o.complete);
          return [1, 2, 3].map((id) => (data.stock.get(id) ?? 0) + open.filter((o) => o.petId === id).reduce((n, o) => n + o.quantity, 0));
        };
        const start = await units();
        for (const cmd of commands) await cmd.run(store).catch(() => undefined);
        const data = await store.snapshot();
        const survivors = [1, 2, 3].filter((id) => data.stock.has(id));
        const end = await units();
        for (const id of survivors) expect(end[id - 1]).toBe(start[id - 1]);
      }),
      { numRuns: 100 },
    );
  });
});
