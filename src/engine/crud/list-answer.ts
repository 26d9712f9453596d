import type { Faker } from '@faker-js/faker';
import { fakeFromSchema } from '../../generation/fake-value.js';
import { assertNoRef, type MergedSchema } from '../../generation/merge-all-of.js';
import type { Schema } from '../../spec/openapi.js';

export interface ListFacts {
  items: unknown[];
  total: number;
  offset: number;
  limit: number;
  page: number;
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
}

const TOTAL = /^(total|count|total_?count|total_?items|total_?elements|total_?results|total_?records|num_?results)$/i;
const LIMIT = /^(limit|per_?page|page_?size|size)$/i;
const OFFSET = /^(offset|skip|start)$/i;
const PAGE = /^(page|page_?number|current_?page)$/i;
const NEXT = /^(next|next_?cursor|next_?page_?token|cursor|next_?token)$/i;
const HAS_MORE = /^(has_?more|has_?next|more)$/i;

/**
 * The body of an envelope list (`{data: [...], total: 3, ...}`): the records in `property`, the
 * paging facts in the properties named for them (also inside a nested object such as `meta`
 * or `pagination`), the envelope's other required properties generated.
 */
export function envelopeBody(schema: MergedSchema, property: string, facts: ListFacts, faker: Faker): Record<string, unknown> {
  const body = filled(schema, facts, faker, 0);
  body[property] = facts.items;
  return body;
}

function filled(schema: MergedSchema, facts: ListFacts, faker: Faker, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, raw] of Object.entries((schema.properties ?? {}) as Record<string, Schema>)) {
    const property = assertNoRef(raw) as MergedSchema;
    const numeric = property.type === 'integer' || property.type === 'number';
    let value: unknown;
    if (numeric && TOTAL.test(name)) value = facts.total;
    else if (numeric && LIMIT.test(name)) value = Number.isFinite(facts.limit) ? facts.limit : facts.items.length;
    else if (numeric && OFFSET.test(name)) value = facts.offset;
    else if (numeric && PAGE.test(name)) value = facts.page;
    else if (property.type === 'boolean' && HAS_MORE.test(name)) value = facts.next !== null;
    else if (property.type === 'string' && NEXT.test(name)) value = facts.next ?? (property.nullable ? null : undefined);
    else if (property.type === 'object' && property.properties && depth < 2) value = filled(property, facts, faker, depth + 1);
    if (value === undefined && required.has(name)) value = fakeFromSchema(property, faker);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
