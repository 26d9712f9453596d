import type { Faker } from '@faker-js/faker';
import { createFaker } from '../../generation/create-faker.js';
import { fakeFromSchema } from '../../generation/fake-value.js';
import type { Schema } from '../../spec/openapi.js';
import { createMemoryRecordStore, EMPTY_RECORDS } from '../../store/memory-record-store.js';
import type { RecordData, RecordStore } from '../../store/record-store.js';
import { storedId, type Resource } from '../../spec/resource-model.js';
import { freshId, namesParent } from './crud-behaviour.js';
import { recordFromInput } from './record-shape.js';
import { branchOf } from '../../spec/union-record.js';
import { SINGLETON_KEY, singletonRecord } from './singleton-behaviour.js';

/** Records per top-level resource, and per parent record for a nested one. */
const TOP_LEVEL = 5;
const PER_PARENT = 2;

/**
 * The records every session starts from: for each resource its examples first, then records
 * generated from its schema (faker seeded by `seed`, so the same seed gives the same records);
 * nested resources get records under each record of their parent. `resources` come parents first.
 */
export async function seedRecords(resources: readonly Resource[], seed: number): Promise<RecordData> {
  const faker = createFaker(seed);
  const store = createMemoryRecordStore(EMPTY_RECORDS);
  const keysOf = new Map<Resource, string[]>();
  for (const resource of resources) {
    const scopes = resource.parent ? (keysOf.get(resource.parent) ?? []) : [''];
    const keys: string[] = [];
    if (resource.singleton) {
      // One per parent record where nothing else addresses it (`/user`); others are made when first addressed.
      if (resource.singleton.keyParams.length === 0) for (const scope of scopes) await store.put(resource.name, scope, SINGLETON_KEY, singletonRecord(resource, faker));
      continue;
    }
    for (const scope of scopes) {
      const count = resource.parent ? PER_PARENT : Math.max(TOP_LEVEL, resource.examples.length);
      // Where a PUT creates the record, a client makes the example's record itself (PUT then GET),
      // and a runner safe on shared servers will not overwrite one it did not make: not seeded.
      const ids = resource.putCreates ? [] : [...(resource.idExamples ?? [])];
      for (let i = 0; i < count; i += 1) {
        const example = resource.parent ? undefined : resource.examples[i];
        const key = await seedOne(store, resource, scope, example, faker, i, ids);
        if (key) keys.push(key);
      }
    }
    keysOf.set(resource, keys);
  }
  return store.snapshot();
}

/** `unused`: the ids the item parameter's examples give that no seed has taken yet; a seed without an id of its own takes the next. */
async function seedOne(store: RecordStore, resource: Resource, scope: string, example: Record<string, unknown> | undefined, faker: Faker, index: number, unused: (string | number)[]): Promise<string | undefined> {
  const own = resource.idField ? example?.[resource.idField] : undefined;
  const given = own ?? unused.shift();
  // An id schema with few values (an enum of one) seeds as many records as it has ids.
  // An example whose id is the record's own path (Azure's `/subscriptions/.../components/my-component`)
  // is addressed by the item parameter's part of that path, and keeps its id as written.
  const inPath = typeof given === 'string' && !resource.putCreates ? itemParamIn(resource, given) : undefined;
  const id = inPath ?? (typeof given === 'string' || typeof given === 'number' ? String(given) : await freshId(resource, store, scope, faker));
  if (id === undefined || (await store.get(resource.name, scope, id))) return undefined;
  const taken = unused.findIndex((u) => String(u) === id);
  if (taken >= 0) unused.splice(taken, 1);
  const server: Record<string, unknown> = {};
  if (resource.idField) server[resource.idField] = inPath === undefined ? storedId(resource, id) : given;
  const parentParam = resource.parent?.itemParam;
  if (parentParam && resource.record.properties && Object.hasOwn(resource.record.properties, parentParam) && namesParent(resource, parentParam)) {
    const parentId = decodeURIComponent(scope.slice(scope.lastIndexOf('/') + 1));
    const type = (resource.record.properties[parentParam] as { type?: string }).type;
    server[parentParam] = type === 'integer' || type === 'number' ? Number(parentId) : parentId;
  }
  try {
    // Seed records have every property (optional ones too), so that lists show the whole shape.
    // A union record (Beverage | Dessert) is generated from one branch, each in turn.
    const input = (example ?? fakeFromSchema(branchOf(resource.record, undefined, index), faker, { optionalRate: 1, subject: resource.name })) as Record<string, unknown>;
    // A seed is the server's own record: its read-only fields are kept as the example writes them.
    const record = recordFromInput(resource.record, input, undefined, server, faker, new Set(Object.keys(input ?? {})));
    await store.put(resource.name, scope, id, record);
  } catch {
    return undefined; // a schema nothing can be generated for: the resource starts with fewer records
  }
  return `${scope}/${encodeURIComponent(id)}`;
}


/** The item parameter's value where `id` is a path the item path template matches (its tail, any case), else undefined. */
function itemParamIn(resource: Resource, id: string): string | undefined {
  if (!id.startsWith('/') || !id.includes('/', 1)) return undefined;
  const names: string[] = [];
  const template = resource.itemPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`${template}$`, 'i').exec(id);
  const value = match?.[names.lastIndexOf(resource.itemParam) + 1];
  if (!value) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
