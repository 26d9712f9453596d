import type { Faker } from '@faker-js/faker';
import { createFaker } from '../../generation/create-faker.js';
import { assertNoRef } from '../../generation/merge-all-of.js';
import type { Document, Schema } from '../../spec/openapi.js';
import type { Pet, StoreData } from './store/records.js';
import { dataFromState, stateFromData, type StoreState } from './store/store-state.js';
import { createCategory, createPet, placeOrder, setInventory, updateOrder } from './store/transitions.js';
import { CATEGORY_WORDS, type CategoryWords } from './word-lists.js';

/** "Today" of the seed data: ship dates spread around it, so nothing depends on the real clock. */
const SEED_NOW = Date.UTC(2026, 10, 1); // 2026-11-01T00:00:00Z
const DAY = 86_400_000;
/** Shelf stock stays small and believable even though the document allows up to a million. */
const TYPICAL_MAX_STOCK = 20;
const TYPICAL_MAX_ORDER = 3;

/**
 * The data set a mock session starts from: six categories (dog, cat, rabbit, bird, fish,
 * reptile), 50 to 64 pets with names that suit their kind, stock for most of them, and 24 to 32
 * orders, some open and some complete. Same seed, same data (deep-equal, identical JSON);
 * another seed, other data.
 *
 * The data is made by applying the store's own transitions (create, stock, order, complete),
 * so it is a state the state machine can reach: a pet whose last unit was ordered is pending,
 * one sold out by completed orders is sold, open orders only exist for pets that were
 * available. Bounds (name lengths, quantities) are read from the document's schemas.
 * `document` must be the dereferenced one.
 */
export function buildSeedData(document: Document, seed: number): StoreData {
  const bounds = readBounds(document);
  const faker = createFaker(seed);
  const state = stateFromData({ categories: [], pets: [], stock: new Map(), orders: [] });

  const categories = CATEGORY_WORDS.map((words) => ({
    words,
    id: createCategory(state, {
      name: fit(words.name, bounds.categoryName),
      description: fit(words.description, bounds.description),
    }).id,
  }));

  const used = new Set<string>();
  const pets: Pet[] = [];
  const petCount = faker.number.int({ min: 50, max: 64 });
  for (let i = 0; i < petCount; i += 1) {
    const category = faker.helpers.weightedArrayElement(categories.map((c) => ({ weight: c.words.weight, value: c })));
    const name = fit(petName(category.words, used, faker), bounds.petName);
    used.add(name);
    pets.push(createPet(state, { name, categoryId: category.id }));
  }

  stockPets(state, pets, bounds, faker);
  placeOrders(state, bounds, faker);
  return dataFromState(state);
}

/**
 * Three in four pets get stock, one in four of those only the last few units (so that orders
 * sell some out); of the rest, half sold out (stock set to 0) and half are new arrivals that
 * were never stocked (still available, stock 0, as a new pet is).
 */
function stockPets(state: StoreState, pets: readonly Pet[], bounds: Bounds, faker: Faker): void {
  const stocked = new Set(faker.helpers.arrayElements(pets, Math.round(pets.length * 0.75)));
  const maxStock = Math.min(TYPICAL_MAX_STOCK, bounds.stock.max);
  const least = Math.max(1, bounds.stock.min);
  for (const pet of pets) {
    if (stocked.has(pet)) {
      const few = faker.number.int({ min: 0, max: 3 }) === 0;
      const most = few ? Math.min(maxStock, least + TYPICAL_MAX_ORDER - 1) : maxStock;
      setInventory(state, pet.id, faker.number.int({ min: least, max: Math.max(least, most) }));
    } else if (faker.datatype.boolean()) setInventory(state, pet.id, 0);
  }
}

/**
 * Orders for available pets with stock, shipping within 40 days before to 20 days after
 * SEED_NOW, one to three units each; half the orders for a pet down to its last few units take
 * them all (the pet turns pending). Orders that shipped before
 * SEED_NOW are mostly complete, later ones mostly open; at least one of each is guaranteed.
 * With three in four pets stocked and one pet at most leaving the pool per order, the pool
 * never runs dry before the last order.
 */
function placeOrders(state: StoreState, bounds: Bounds, faker: Faker): void {
  const count = faker.number.int({ min: 24, max: 32 });
  const orderIds: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const candidates = [...state.pets.values()].filter((p) => p.status === 'available' && (state.stock.get(p.id) ?? 0) > 0);
    if (candidates.length === 0) break;
    const pet = faker.helpers.arrayElement(candidates);
    const stock = state.stock.get(pet.id)!;
    const most = Math.min(stock, bounds.orderQuantity.max);
    const least = Math.min(most, Math.max(1, bounds.orderQuantity.min));
    const quantity = stock <= Math.min(most, TYPICAL_MAX_ORDER) && faker.datatype.boolean()
      ? stock
      : faker.number.int({ min: least, max: Math.max(least, Math.min(most, TYPICAL_MAX_ORDER)) });
    const now = SEED_NOW + faker.number.int({ min: -40 * 24 * 60, max: 20 * 24 * 60 }) * 60_000;
    orderIds.push(placeOrder(state, { petId: pet.id, quantity }, now).id);
  }

  const complete = orderIds.map((id) => {
    const shipped = Date.parse(state.orders.get(id)!.shipDate) < SEED_NOW;
    return faker.number.float({ min: 0, max: 1 }) < (shipped ? 0.85 : 0.1);
  });
  if (!complete.includes(true)) complete[0] = true;
  if (!complete.includes(false)) complete[complete.length - 1] = false;
  orderIds.forEach((id, i) => {
    if (complete[i]) updateOrder(state, id, { complete: true });
  });
}

/** An unused name from the kind's list, else one of faker's pet names. */
function petName(words: CategoryWords, used: ReadonlySet<string>, faker: Faker): string {
  const fresh = words.petNames.filter((n) => !used.has(n));
  return fresh.length > 0 ? faker.helpers.arrayElement(fresh) : faker.animal.petName();
}

interface Range {
  min: number;
  max: number;
}

interface Bounds {
  petName: Range;
  categoryName: Range;
  description: Range;
  orderQuantity: Range;
  stock: Range;
}

/** The bounds of the fields the seed fills, from the request schemas it "sends" (unbounded where the document has none). */
function readBounds(document: Document): Bounds {
  const property = (schema: string, name: string): Schema => {
    const owner = document.components?.schemas?.[schema];
    const found = owner ? (assertNoRef(owner).properties?.[name] as Schema | undefined) : undefined;
    // A document without the schema (say, setInventory and InventoryUpdate removed) leaves the field unbounded.
    return found ? assertNoRef(found) : {};
  };
  const length = (s: Schema): Range => ({ min: s.minLength ?? 0, max: s.maxLength ?? Number.MAX_SAFE_INTEGER });
  const value = (s: Schema): Range => ({ min: s.minimum ?? 0, max: s.maximum ?? Number.MAX_SAFE_INTEGER });
  return {
    petName: length(property('NewPet', 'name')),
    categoryName: length(property('NewCategory', 'name')),
    description: length(property('NewCategory', 'description')),
    orderQuantity: value(property('NewOrder', 'quantity')),
    stock: value(property('InventoryUpdate', 'quantity')),
  };
}

/** A word cut to the bounds; padded with its last letter in the unlikely case of a long minimum. */
function fit(text: string, range: Range): string {
  const cut = [...text].slice(0, range.max).join('');
  return cut.length >= range.min ? cut : cut.padEnd(range.min, cut.at(-1) ?? 'x');
}
