import fc from 'fast-check';
import type { Schema } from '../../spec/openapi.js';
import { assertNoRef, mergeAllOf } from '../../generation/merge-all-of.js';
import { boundaryValues } from './boundary-values.js';
import { capped, MAX_BUILT_ITEMS, MAX_BUILT_LENGTH } from '../value-caps.js';
import { plainString, unicodeString } from './hostile-strings.js';

/** Fields whose values are fixed by the run (ids of records a body refers to). */
export type FixedFields = Readonly<Record<string, unknown>>;

const INT_MIN = -0x80000000;
const INT_MAX = 0x7fffffff;

/** Marks a string property that is a record's key (a path segment): generated in printable ASCII. */
export const PLAIN_TEXT = 'x-runner-plain-text';

/**
 * A fast-check arbitrary of the values a schema accepts, so generated inputs shrink. Strings stay
 * short (the boundary phase covers the long ones) and range over the whole of Unicode
 * (hostile-strings.ts); a `pattern` falls back to the schema's example.
 */
export function arbitraryFor(schema: Schema, fixed: FixedFields = {}, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.allOf && schema.allOf.length > 0) return arbitraryFor(foldedAllOf(schema), fixed, depth);
  const { oneOf, anyOf, ...beside } = schema;
  const branch = (oneOf ?? anyOf)?.[0];
  // What is written beside the branches (`required`, `properties`, `discriminator`) holds as well (Front's CreateContact).
  if (branch) return arbitraryFor(foldedAllOf({ allOf: [beside, branch as Schema] } as Schema), fixed, depth);
  // A 3.1 type list (`[string, "null"]`): a value of its first type other than null, formats and bounds kept.
  if (Array.isArray(schema.type)) {
    const types = schema.type as string[];
    return types.every((t) => t === 'null') ? fc.constant(null) : arbitraryFor({ ...schema, type: types.find((t) => t !== 'null') } as Schema, fixed, depth);
  }
  switch (schema.type) {
    case 'integer': {
      const exclusiveMin = schema.exclusiveMinimum === true ? 1 : 0;
      const exclusiveMax = schema.exclusiveMaximum === true ? 1 : 0;
      const min = Math.max(INT_MIN, (schema.minimum ?? INT_MIN) + exclusiveMin);
      const max = Math.min(INT_MAX, (schema.maximum ?? INT_MAX) - exclusiveMax);
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true, minExcluded: schema.exclusiveMinimum === true, maxExcluded: schema.exclusiveMaximum === true });
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema);
    case 'array':
      // Deep down, no items rather than `null` ones, which few item schemas take (Sonarr's `specifications: [null]`).
      if (depth > 3 && itemCounts(schema).minLength === 0) return fc.constant([]);
      return fc.array(arbitraryFor((schema.items ?? {}) as Schema, {}, depth + 1), itemCounts(schema));
    default:
      return objectArbitrary(schema, fixed, depth);
  }
}

/** `allOf` folded into one schema, the schema's own keywords beside it included; the parts laid over each other where they cannot all hold. */
function foldedAllOf(schema: Schema): Schema {
  try {
    const merged = mergeAllOf(assertNoRef(schema));
    const patterns = merged.patterns;
    return patterns && patterns.length > 0 ? { ...merged, pattern: patterns[0]! } : merged;
  } catch {
    return Object.assign({}, ...(schema.allOf as Schema[])) as Schema;
  }
}

/** At most 4 items, or minItems when it asks more (up to the cap): a minItems above 4 without maxItems gave fast-check a maximum below its minimum. */
function itemCounts(schema: Schema): { minLength: number; maxLength: number } {
  const minLength = capped(schema.minItems ?? 0, MAX_BUILT_ITEMS);
  return { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) };
}

function objectArbitrary(schema: Schema, fixed: FixedFields, depth: number): fc.Arbitrary<unknown> {
  if (depth > 3) return fc.constant({});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, Schema][]) {
    if (property.readOnly) continue;
    model[name] = name in fixed ? fc.constant(fixed[name]) : arbitraryFor(property, {}, depth + 1);
  }
  const requiredKeys = (schema.required ?? []).filter((k) => k in model);
  return fc.record(model, { requiredKeys });
}

function stringArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  switch (schema.format) {
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => `${d.toISOString().slice(0, 19)}Z`);
    case 'date':
      return fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return webUrl();
  }
  if (schema.pattern) return fc.constant(schema.example ?? schema.default ?? 'x');
  const minLength = capped(schema.minLength ?? 0, MAX_BUILT_LENGTH);
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 24, 24));
  return (schema as Record<string, unknown>)[PLAIN_TEXT] ? plainString(minLength, maxLength) : unicodeString(minLength, maxLength);
}

/** The characters of a URL path segment that need no escape (RFC 3986 unreserved). */
const URL_SEGMENT = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-._~'), minLength: 1, maxLength: 12 });

/**
 * An http(s) URL on a generated domain with plain path segments. Not fast-check's `webUrl`: it
 * percent-encodes any code point through the `binary` string unit, whose reverse table (a Map of
 * every code point, with a string each: ~100 MB in a heap snapshot of Intercom's run) stays for
 * the rest of the run once built.
 */
function webUrl(): fc.Arbitrary<string> {
  return fc.tuple(fc.constantFrom('http', 'https'), fc.domain(), fc.array(URL_SEGMENT, { maxLength: 3 })).map(([scheme, host, path]) => `${scheme}://${host}/${path.join('/')}`);
}

/** One way an otherwise valid object breaks exactly one constraint of its schema. */
export interface Violation {
  label: string;
  apply(value: Record<string, unknown>): Record<string, unknown>;
}

/** Every single-constraint violation of an object schema: a property past a bound, a required field missing, an unknown field. */
export function violationsOf(schema: Schema, fixed: FixedFields = {}): Violation[] {
  const out: Violation[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, Schema][]) {
    if (property.readOnly || name in fixed) continue;
    for (const v of boundaryValues(property, { accepted: false })) out.push({ label: `${name}-${v.label}`, apply: (value) => ({ ...value, [name]: v.value }) });
  }
  for (const name of schema.required ?? []) {
    out.push({ label: `${name}-missing`, apply: ({ [name]: _gone, ...rest }) => rest });
  }
  if (schema.additionalProperties === false) out.push({ label: 'unknown-field', apply: (value) => ({ ...value, unexpectedField: true }) });
  return out;
}
