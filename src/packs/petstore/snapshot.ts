import type { ErrorDetail } from '../../core/errors.js';
import type { Restored, SnapshotTools } from '../../engine/behaviour-pack.js';
import { assertNoRef } from '../../generation/merge-all-of.js';
import type { Schema } from '../../spec/openapi.js';
import { checkInvariants } from './store/invariants.js';
import type { Category, NextIds, Order, Pet, StoreData } from './store/records.js';
import type { Store } from './store/store.js';

/**
 * The Petstore's state in a snapshot, under `packs.petstore` (docs/snapshot-format.md): the
 * records as the API shows them, the stock per pet, and the id counters.
 */
export interface PetstoreSnapshot {
  categories: Category[];
  pets: Pet[];
  /** Stock per pet; a pet without an entry has 0. The status is the pet's. */
  inventory: { petId: number; quantity: number }[];
  orders: Order[];
  nextId: NextIds;
}

const FIELDS = ['categories', 'pets', 'inventory', 'orders', 'nextId'];

export async function exportPetstore(store: Store): Promise<PetstoreSnapshot> {
  const data = await store.snapshot();
  return {
    categories: data.categories.map((c) => ({ ...c })),
    pets: data.pets.map((p) => ({ ...p })),
    inventory: [...data.stock].map(([petId, quantity]) => ({ petId, quantity })),
    orders: data.orders.map((o) => ({ ...o })),
    nextId: { ...data.nextId! },
  };
}

/**
 * Reads `packs.petstore`: each record against its schema in the document (Category, Pet, Order,
 * InventoryItem's quantity), then the rules of section 7 the store relies on: ids unique,
 * a pet's category present, stock only for pets, an open order's pet present, counters past
 * the ids. A pet without `status` is available; an order without `complete` is open.
 */
export function importPetstore(value: unknown, path: string, tools: SnapshotTools): Restored<StoreData> {
  if (value === undefined) return { ok: true, seed: { categories: [], pets: [], stock: new Map(), orders: [] } };
  if (!isObject(value)) return { ok: false, problems: [{ path, message: 'must be an object {categories, pets, inventory, orders, nextId}' }] };
  const problems: ErrorDetail[] = [];
  for (const field of Object.keys(value)) if (!FIELDS.includes(field)) problems.push({ path: `${path}/${field}`, message: `is not a field of the Petstore's state (${FIELDS.join(', ')})` });
  const schemas = tools.document.components?.schemas ?? {};
  const schemaOf = (name: string) => (schemas[name] ? assertNoRef(schemas[name] as Schema) : undefined);

  const list = <T extends object>(field: string, schema: string, defaults: Partial<T>, required: readonly string[]): T[] => {
    const given = value[field] ?? [];
    if (!Array.isArray(given)) {
      problems.push({ path: `${path}/${field}`, message: 'must be an array' });
      return [];
    }
    const out: T[] = [];
    const seen = new Map<unknown, number>();
    given.forEach((entry: unknown, i: number) => {
      const at = `${path}/${field}/${i}`;
      if (!isObject(entry)) return void problems.push({ path: at, message: 'must be an object' });
      // The entry's own key order is kept: answers show records as they were exported.
      const record: Record<string, unknown> = { ...entry };
      for (const [name, fallback] of Object.entries(defaults)) if (record[name] === undefined) record[name] = fallback;
      const found = [...checkAgainst(tools, schemaOf(schema), record, at), ...required.filter((r) => record[r] === undefined).map((r) => ({ path: `${at}/${r}`, message: 'is required' }))];
      if (typeof record.id === 'number') {
        if (seen.has(record.id)) found.push({ path: `${at}/id`, message: `${record.id} is used twice (also at ${field}/${seen.get(record.id)})` });
        else seen.set(record.id, i);
      }
      problems.push(...found);
      if (found.length === 0) out.push(record as T);
    });
    return out;
  };
  const categories = list<Category>('categories', 'Category', {}, ['id', 'name']);
  const pets = list<Pet>('pets', 'Pet', { status: 'available' }, ['id', 'name', 'categoryId']);
  const orders = list<Order>('orders', 'Order', { complete: false }, ['id', 'petId', 'quantity', 'shipDate']);
  // References are checked against every entry given, valid or not: one bad pet is one problem, not one per order.
  const categoryIds = idsOf(value.categories);
  const petIds = idsOf(value.pets);
  pets.forEach((pet) => {
    if (!categoryIds.has(pet.categoryId)) problems.push({ path: `${path}/pets/${indexOf(value.pets, pet.id)}/categoryId`, message: `names no category in this snapshot (${pet.categoryId})` });
  });
  orders.forEach((order) => {
    if (!order.complete && !petIds.has(order.petId)) problems.push({ path: `${path}/orders/${indexOf(value.orders, order.id)}/petId`, message: `an open order must name a pet of this snapshot (${order.petId}); only completed orders outlive their pet` });
  });
  const stock = readInventory(value.inventory, `${path}/inventory`, petIds, schemaOf('InventoryItem'), tools, problems);
  const nextId = readNextIds(value.nextId, `${path}/nextId`, categories, pets, orders, problems);
  if (problems.length > 0) return { ok: false, problems };
  for (const pet of pets) if (!stock.has(pet.id)) stock.set(pet.id, 0);
  const data: StoreData = { categories, pets, stock, orders, ...(nextId ? { nextId } : {}) };
  // What the checks above missed and the state machine still relies on (none expected).
  const left = checkInvariants(data);
  return left.length > 0 ? { ok: false, problems: left.map((message) => ({ path, message })) } : { ok: true, seed: data };
}

function readInventory(given: unknown, path: string, petIds: ReadonlySet<number>, itemSchema: Schema | undefined, tools: SnapshotTools, problems: ErrorDetail[]): Map<number, number> {
  const stock = new Map<number, number>();
  if (given === undefined) return stock;
  if (!Array.isArray(given)) {
    problems.push({ path, message: 'must be an array of {petId, quantity}' });
    return stock;
  }
  const quantitySchema = itemSchema?.properties?.quantity as Schema | undefined;
  given.forEach((entry: unknown, i: number) => {
    const at = `${path}/${i}`;
    if (!isObject(entry)) return void problems.push({ path: at, message: 'must be an object {petId, quantity}' });
    for (const field of Object.keys(entry)) if (field !== 'petId' && field !== 'quantity') problems.push({ path: `${at}/${field}`, message: field === 'status' ? "is the pet's status: set it on the pet" : 'is not a field of an inventory entry (petId, quantity)' });
    const { petId, quantity } = entry;
    if (!petIds.has(petId as number)) problems.push({ path: `${at}/petId`, message: `names no pet of this snapshot (${JSON.stringify(petId)})` });
    else if (stock.has(petId as number)) problems.push({ path: `${at}/petId`, message: `pet ${String(petId)} has two inventory entries` });
    const found = quantitySchema ? tools.check(quantitySchema, quantity, `${at}/quantity`) : [];
    if (!Number.isSafeInteger(quantity) || (quantity as number) < 0) found.push({ path: `${at}/quantity`, message: 'must be an integer >= 0' });
    problems.push(...found.slice(0, 1));
    if (found.length === 0) stock.set(petId as number, quantity as number);
  });
  return stock;
}

function largestOf(ids: readonly number[]): number {
  let largest = 0;
  for (const id of ids) if (id > largest) largest = id;
  return largest;
}

function readNextIds(given: unknown, path: string, categories: readonly Category[], pets: readonly Pet[], orders: readonly Order[], problems: ErrorDetail[]): NextIds | undefined {
  if (given === undefined) return undefined;
  if (!isObject(given)) {
    problems.push({ path, message: 'must be an object {category, pet, order}' });
    return undefined;
  }
  // A loop, not Math.max(...ids): 125k ids spread as arguments overflow the stack (a 500).
  const largest = {
    category: largestOf(categories.map((c) => c.id)),
    // A completed order may name a deleted pet: its id is not handed out again either.
    pet: Math.max(largestOf(pets.map((p) => p.id)), largestOf(orders.map((o) => o.petId))),
    order: largestOf(orders.map((o) => o.id)),
  };
  const out = { category: largest.category + 1, pet: largest.pet + 1, order: largest.order + 1 };
  for (const field of Object.keys(given)) if (!Object.hasOwn(largest, field)) problems.push({ path: `${path}/${field}`, message: 'is not a counter (category, pet, order)' });
  for (const kind of ['category', 'pet', 'order'] as const) {
    const n = given[kind];
    if (n === undefined) continue;
    if (!Number.isSafeInteger(n) || (n as number) < 1) problems.push({ path: `${path}/${kind}`, message: 'must be an integer >= 1' });
    else if ((n as number) <= largest[kind]) problems.push({ path: `${path}/${kind}`, message: `must be greater than every ${kind} id in use (the largest is ${largest[kind]}), or ids would be handed out twice` });
    else out[kind] = n as number;
  }
  return out;
}

function checkAgainst(tools: SnapshotTools, schema: Schema | undefined, value: unknown, path: string): ErrorDetail[] {
  return schema ? tools.check(schema, value, path) : [];
}

function idsOf(list: unknown): Set<number> {
  return new Set(Array.isArray(list) ? list.filter(isObject).map((e) => e.id as number) : []);
}

function indexOf(list: unknown, id: number): number {
  return Array.isArray(list) ? list.findIndex((e) => isObject(e) && e.id === id) : -1;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
