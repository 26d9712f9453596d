import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { buildSeedData } from '../../../src/packs/petstore/seed-data.js';
import { CATEGORY_WORDS } from '../../../src/packs/petstore/word-lists.js';
import { checkInvariants } from '../../../src/packs/petstore/store/invariants.js';
import { createMemoryStore } from '../../../src/packs/petstore/store/memory-store.js';
import type { StoreData } from '../../../src/packs/petstore/store/records.js';
import type { Document, Schema } from '../../../src/spec/openapi.js';
import { createAjv } from '../../../src/validation/create-ajv.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

let document: Document;
let validate: Record<'Pet' | 'Category' | 'Order' | 'InventoryItem', ValidateFunction>;
beforeAll(async () => {
  document = (await petstoreDocument()).loaded.document;
  const ajv = createAjv();
  const compile = (name: string) => ajv.compile(document.components!.schemas![name] as Schema);
  validate = { Pet: compile('Pet'), Category: compile('Category'), Order: compile('Order'), InventoryItem: compile('InventoryItem') };
});

function json(data: StoreData): string {
  return JSON.stringify(data, (_key, value: unknown) => (value instanceof Map ? [...value] : value));
}

/** Problems of a seed data set against the document and the state machine; empty when it is right. */
function seedProblems(data: StoreData): string[] {
  const problems = checkInvariants(data);
  const check = (name: keyof typeof validate, record: unknown) => {
    if (!validate[name](record)) problems.push(`${name} ${JSON.stringify(record)}: ${JSON.stringify(validate[name].errors)}`);
  };
  for (const category of data.categories) check('Category', category);
  for (const order of data.orders) check('Order', order);
  for (const pet of data.pets) {
    check('Pet', pet);
    const stock = data.stock.get(pet.id)!;
    check('InventoryItem', { petId: pet.id, quantity: stock, status: pet.status });
    const open = data.orders.filter((o) => o.petId === pet.id && !o.complete).length;
    const ordered = data.orders.some((o) => o.petId === pet.id);
    // What the transitions leave behind when no status is ever set directly:
    if (stock > 0 && pet.status !== 'available') problems.push(`pet ${pet.id} has stock but is ${pet.status}`);
    if (stock === 0 && open > 0 && pet.status !== 'pending') problems.push(`pet ${pet.id} is sold out with open orders but ${pet.status}`);
    if (pet.status === 'pending' && open === 0) problems.push(`pet ${pet.id} is pending without open orders`);
    if (stock === 0 && open === 0 && ordered && pet.status !== 'sold') problems.push(`pet ${pet.id} sold out by orders but ${pet.status}`);
  }
  return problems;
}

describe('buildSeedData', () => {
  it('has at least five categories, dog, cat and rabbit first, each with a short description', () => {
    const data = buildSeedData(document, 1);
    expect(data.categories.length).toBeGreaterThanOrEqual(5);
    expect(data.categories.slice(0, 3).map((c) => [c.id, c.name])).toEqual([[1, 'dog'], [2, 'cat'], [3, 'rabbit']]);
    for (const category of data.categories) expect(category.description).toMatch(/^.{10,80}$/);
  });

  it('has at least 50 pets with names that suit their kind, and stock for most of them', () => {
    const data = buildSeedData(document, 1);
    expect(data.pets.length).toBeGreaterThanOrEqual(50);
    const curated = data.pets.filter((pet) => {
      const kind = CATEGORY_WORDS.find((w) => w.name === data.categories.find((c) => c.id === pet.categoryId)!.name)!;
      return kind.petNames.includes(pet.name);
    });
    expect(curated.length).toBeGreaterThan(data.pets.length * 0.8);
    expect([...data.stock.values()].filter((q) => q > 0).length).toBeGreaterThan(data.pets.length / 2);
    expect(new Set(data.pets.map((p) => p.status))).toEqual(new Set(['available', 'pending', 'sold']));
  });

  it('has at least 20 orders, some open and some complete, shipping around 2026-11-01', () => {
    const data = buildSeedData(document, 1);
    expect(data.orders.length).toBeGreaterThanOrEqual(20);
    expect(data.orders.some((o) => o.complete)).toBe(true);
    expect(data.orders.some((o) => !o.complete)).toBe(true);
    for (const order of data.orders) {
      expect(order.shipDate >= '2026-09-22T00:00:00.000Z' && order.shipDate <= '2026-11-21T00:00:00.000Z').toBe(true);
    }
  });

  it('is valid against the document and a state the state machine reaches, for any seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const data = buildSeedData(document, seed);
        expect(seedProblems(data)).toEqual([]);
        expect(data.pets.length).toBeGreaterThanOrEqual(50);
        expect(data.orders.length).toBeGreaterThanOrEqual(20);
        expect(data.orders.some((o) => o.complete) && data.orders.some((o) => !o.complete)).toBe(true);
        expect([...data.stock.values()].filter((q) => q > 0).length).toBeGreaterThanOrEqual(data.pets.length * 0.4);
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same data for the same seed, down to the JSON', () => {
    const a = buildSeedData(document, 42);
    const b = buildSeedData(document, 42);
    expect(a).toEqual(b);
    expect(json(a)).toBe(json(b));
  });

  it('gives other data for another seed', () => {
    expect(json(buildSeedData(document, 42))).not.toBe(json(buildSeedData(document, 43)));
  });

  it('holds frozen records, ready to be shared by every session', async () => {
    const data = buildSeedData(document, 5);
    expect([...data.pets, ...data.categories, ...data.orders].every((r) => Object.isFrozen(r))).toBe(true);
    const store = createMemoryStore(data);
    expect(await store.getPet(1)).toBe(data.pets[0]);
    expect((await store.createPet({ name: 'Kiwi', categoryId: 1 })).id).toBe(data.pets.length + 1);
  });

  it('reads name bounds from the document instead of knowing them', () => {
    const narrow = structuredClone(document);
    const newPet = narrow.components!.schemas!['NewPet'] as Schema;
    (newPet.properties!['name'] as Schema).maxLength = 3;
    for (const pet of buildSeedData(narrow, 1).pets) expect(pet.name.length).toBeLessThanOrEqual(3);
  });
});
