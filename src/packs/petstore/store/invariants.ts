import type { StoreData } from './records.js';

const STATUSES: ReadonlySet<unknown> = new Set(['available', 'pending', 'sold']);

/**
 * What must hold of any data set, whatever sequence of requests made it: an empty list means it
 * holds. Tests run it after every operation sequence; hostile-input tests run it on snapshots.
 *
 * The record shapes checked here are the ones the state machine relies on (types, ids >= 1, no
 * unknown fields). Bounds such as name lengths belong to the document and are checked against
 * it with ajv, not repeated here. Pet statuses are not tied to stock: PUT and PATCH may set a
 * status directly, so no rule between the two holds in general.
 *
 * Completed orders may name a deleted pet (history is kept); open orders may not.
 */
export function checkInvariants(data: StoreData): string[] {
  const problems: string[] = [];

  const categoryIds = uniqueIds('category', data.categories, problems);
  const petIds = uniqueIds('pet', data.pets, problems);
  uniqueIds('order', data.orders, problems);

  for (const category of data.categories) {
    const where = `category ${show(category.id)}`;
    onlyKeys(where, category, ['id', 'name', 'description'], problems);
    if (!isNonEmptyString(category.name)) problems.push(`${where} has no name`);
    if (category.description !== undefined && typeof category.description !== 'string') {
      problems.push(`${where} has a description that is not a string`);
    }
  }

  for (const pet of data.pets) {
    const where = `pet ${show(pet.id)}`;
    onlyKeys(where, pet, ['id', 'name', 'categoryId', 'status'], problems);
    if (!isNonEmptyString(pet.name)) problems.push(`${where} has no name`);
    if (!STATUSES.has(pet.status)) problems.push(`${where} has status ${show(pet.status)}`);
    if (!categoryIds.has(pet.categoryId)) problems.push(`${where} names category ${show(pet.categoryId)}, which does not exist`);
    if (!data.stock.has(pet.id)) problems.push(`${where} has no inventory entry`);
  }

  for (const [petId, quantity] of data.stock) {
    if (!petIds.has(petId)) problems.push(`inventory entry ${show(petId)} names no pet`);
    if (!Number.isSafeInteger(quantity) || quantity < 0) {
      problems.push(`inventory entry ${show(petId)} has stock ${show(quantity)}, not an integer >= 0`);
    }
  }

  for (const order of data.orders) {
    const where = `order ${show(order.id)}`;
    onlyKeys(where, order, ['id', 'petId', 'quantity', 'shipDate', 'complete'], problems);
    if (!isId(order.petId)) problems.push(`${where} has petId ${show(order.petId)}`);
    if (!Number.isSafeInteger(order.quantity) || order.quantity < 1) problems.push(`${where} has quantity ${show(order.quantity)}`);
    if (typeof order.shipDate !== 'string' || !isDateTime(order.shipDate)) {
      problems.push(`${where} has shipDate ${show(order.shipDate)}, not a date-time`);
    }
    if (typeof order.complete !== 'boolean') problems.push(`${where} has complete ${show(order.complete)}`);
    else if (!order.complete && !petIds.has(order.petId)) {
      problems.push(`${where} is open but names pet ${show(order.petId)}, which does not exist`);
    }
  }

  return problems;
}

function uniqueIds(kind: string, records: readonly { readonly id: number }[], problems: string[]): Set<number> {
  const ids = new Set<number>();
  for (const record of records) {
    if (!isId(record.id)) problems.push(`a ${kind} has id ${show(record.id)}, not an integer >= 1`);
    else if (ids.has(record.id)) problems.push(`${kind} id ${record.id} is used twice`);
    ids.add(record.id);
  }
  return ids;
}

function onlyKeys(where: string, record: object, allowed: readonly string[], problems: string[]): void {
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) problems.push(`${where} has an unknown field ${show(key)}`);
  }
}

function isId(value: unknown): boolean {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}

/**
 * A date-time Date.parse reads, or one that differs only by a leap second (`23:59:60`): RFC 3339
 * allows it, the document's `format: date-time` accepts it, Date.parse does not.
 */
function isDateTime(value: string): boolean {
  return !Number.isNaN(Date.parse(value)) || !Number.isNaN(Date.parse(value.replace(/(\d{2}:\d{2}):60(?=[.,Zz+-]|$)/, '$1:59')));
}

function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value.length > 0;
}

/** A value for a message, cut short: data under check may be hostile. */
function show(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  } catch {
    text = `a ${typeof value}`; // an object without toString, for one
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
