import type { Category, NextIds, Order, Pet, StoreData } from './records.js';

/**
 * The mutable state of one session that the transitions act on. The Maps hold frozen records;
 * a change replaces a record, it never mutates one, so records can be shared with the seed
 * and with earlier snapshots.
 *
 * Each Map iterates in ascending id order: `stateFromData` inserts in id order and new ids only
 * ever grow, and `Map.set` on an existing key keeps its place. Lists rely on that instead of
 * sorting on every request.
 */
export interface StoreState {
  categories: Map<number, Category>;
  pets: Map<number, Pet>;
  /** Stock per pet id; exactly the ids of `pets`. */
  stock: Map<number, number>;
  orders: Map<number, Order>;
  /** The id the next created record of each kind gets. Only grows, so ids are never reused. */
  nextId: NextIds;
}

/**
 * A state over the given data: the Maps are new, the records are the same frozen objects (the
 * seed's records are shared by every session, so making a session costs one pass over the ids).
 * A record that is not frozen yet (data read from JSON) is copied and frozen, never frozen in place.
 */
export function stateFromData(data: StoreData): StoreState {
  const categories = byId(data.categories);
  const pets = byId(data.pets);
  const orders = byId(data.orders);
  const stock = new Map<number, number>();
  for (const id of pets.keys()) stock.set(id, data.stock.get(id) ?? 0);

  // Completed orders may name a deleted pet (history is kept): a new pet must not take that id,
  // or the old order would suddenly describe the new pet.
  let maxPetId = maxKey(pets);
  for (const order of orders.values()) maxPetId = Math.max(maxPetId, order.petId);

  return {
    categories,
    pets,
    stock,
    orders,
    nextId: {
      category: Math.max(maxKey(categories) + 1, data.nextId?.category ?? 0),
      pet: Math.max(maxPetId + 1, data.nextId?.pet ?? 0),
      order: Math.max(maxKey(orders) + 1, data.nextId?.order ?? 0),
    },
  };
}

/** A consistent, frozen copy of the state (records shared, containers new). */
export function dataFromState(state: StoreState): StoreData {
  return Object.freeze({
    categories: Object.freeze([...state.categories.values()]),
    pets: Object.freeze([...state.pets.values()]),
    stock: new Map(state.stock),
    orders: Object.freeze([...state.orders.values()]),
    nextId: Object.freeze({ ...state.nextId }),
  });
}

function byId<T extends { readonly id: number }>(records: readonly T[]): Map<number, T> {
  const sorted = [...records].sort((a, b) => a.id - b.id);
  const map = new Map<number, T>();
  for (const record of sorted) map.set(record.id, Object.isFrozen(record) ? record : Object.freeze({ ...record }));
  return map;
}

function maxKey(map: ReadonlyMap<number, unknown>): number {
  let max = 0;
  for (const id of map.keys()) if (id > max) max = id;
  return max;
}
