import type { Category, InventoryItem, Order, Pet } from './records.js';
import type { InventoryFilter, OrderFilter, Page, PageRequest, PetFilter } from './store.js';
import { inventoryItem } from './transitions.js';
import type { StoreState } from './store-state.js';

/*
 * The list reads. The state's Maps iterate in ascending id order (see StoreState), so a list is
 * one pass: filter, count, and keep the requested window. A filter list that is absent or empty
 * filters nothing out: the HTTP layer turns a query parameter that is not given into either.
 */

export function listPets(state: StoreState, filter: PetFilter, page: PageRequest): Page<Pet> {
  const statuses = anyOf(filter.status);
  const ids = anyOf(filter.id);
  const name = filter.name === undefined || filter.name === '' ? undefined : filter.name.toLowerCase();
  return paged(state.pets.values(), page, (pet) =>
    (statuses === undefined || statuses.has(pet.status)) &&
    (filter.categoryId === undefined || pet.categoryId === filter.categoryId) &&
    (ids === undefined || ids.has(pet.id)) &&
    (name === undefined || pet.name.toLowerCase().includes(name)),
  );
}

export function listCategories(state: StoreState, page: PageRequest): Page<Category> {
  return paged(state.categories.values(), page, () => true);
}

export function listOrders(state: StoreState, filter: OrderFilter, page: PageRequest): Page<Order> {
  return paged(state.orders.values(), page, (order) =>
    (filter.petId === undefined || order.petId === filter.petId) &&
    (filter.complete === undefined || order.complete === filter.complete),
  );
}

export function listInventory(state: StoreState, filter: InventoryFilter, page: PageRequest): Page<InventoryItem> {
  const statuses = anyOf(filter.status);
  const pets = paged(state.pets.values(), page, (pet) => statuses === undefined || statuses.has(pet.status));
  // Items are derived only for the page, not for every matching pet.
  return { items: pets.items.map((pet) => inventoryItem(state, pet)), total: pets.total };
}

function paged<T>(records: Iterable<T>, page: PageRequest, keep: (record: T) => boolean): Page<T> {
  const items: T[] = [];
  const end = page.offset + page.limit;
  let total = 0;
  for (const record of records) {
    if (!keep(record)) continue;
    if (total >= page.offset && total < end) items.push(record);
    total += 1;
  }
  return { items, total };
}

function anyOf<T>(values: readonly T[] | undefined): ReadonlySet<T> | undefined {
  return values === undefined || values.length === 0 ? undefined : new Set(values);
}
