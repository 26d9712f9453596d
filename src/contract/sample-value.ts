import type { Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { jsonContent } from './documented-response.js';
import { createFaker } from '../generation/create-faker.js';
import { fakeFromPattern } from '../generation/fake-pattern.js';
import { fakeFromSchema } from '../generation/fake-value.js';
import { mergeAllOf } from '../generation/merge-all-of.js';
import { capped, MAX_BUILT_ITEMS, MAX_BUILT_LENGTH } from './value-caps.js';

export interface NamedValue {
  name: string;
  value: unknown;
}

/**
 * The request bodies a positive case sends: the named examples of the JSON media type, else its
 * single `example`, else the schema's `example`, else a value generated from the schema.
 */
export function requestBodies(operation: Operation): NamedValue[] {
  const json = jsonContent(operation.requestBody?.content);
  if (!json) return [];
  const named = Object.entries(json.media.examples ?? {})
    .map(([name, example]) => ({ name, value: (example as { value?: unknown }).value }))
    .filter((e) => e.value !== undefined);
  if (named.length > 0) return named;
  if (json.media.example !== undefined) return [{ name: 'example', value: json.media.example }];
  if (json.schema?.example !== undefined) return [{ name: 'schema-example', value: json.schema.example }];
  return [{ name: 'generated', value: sampleFromSchema(json.schema ?? {}) }];
}

/** The body schema of an operation's JSON request body. */
export function requestSchema(operation: Operation): Schema | undefined {
  return jsonContent(operation.requestBody?.content)?.schema;
}

/**
 * A small valid value for a schema, deterministic (the plan is the same every run): the schema's
 * example or default when it has one, else the smallest value its constraints allow.
 */
export function sampleFromSchema(schema: Schema, depth = 0): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  if (schema.allOf && schema.allOf.length > 0) {
    // Merged first: a part that only requires a field another part describes (`{required: [type]}`
    // after `{properties: {type: {enum}}}`) must not overwrite that field's value with `{}`.
    const merged = mergedOrUndefined(schema);
    if (merged) return sampleFromSchema(merged, depth + 1);
    return Object.assign({}, ...schema.allOf.map((s) => sampleFromSchema(s as Schema, depth + 1) as object));
  }
  const branch = (schema.oneOf ?? schema.anyOf)?.[0];
  if (branch) return sampleFromSchema(branch as Schema, depth + 1);
  switch (schema.type) {
    case 'integer':
    case 'number':
      return smallestNumber(schema);
    case 'boolean':
      return true;
    case 'string':
      return sampleString(schema);
    case 'array': {
      const count = capped(schema.minItems ?? 0, MAX_BUILT_ITEMS);
      // 3.1 tuples: `prefixItems` give the first items' schemas (`items` may be `false`).
      const prefix = ((schema as { prefixItems?: unknown }).prefixItems ?? []) as Schema[];
      const rest = (typeof schema.items === 'object' ? schema.items : {}) as Schema;
      return depth > 4 ? [] : Array.from({ length: count }, (_, i) => sampleFromSchema(prefix[i] ?? rest, depth + 1));
    }
    default: {
      const result: Record<string, unknown> = {};
      if (depth > 4) return result;
      for (const name of schema.required ?? []) {
        const property = schema.properties?.[name] as Schema | undefined;
        result[name] = sampleFromSchema(property ?? {}, depth + 1);
      }
      fillMinProperties(schema, result, depth);
      return result;
    }
  }
}

/**
 * `minProperties` met: the optional properties the schema declares first, then names of its own
 * (`key1`, ...) where `additionalProperties` allows them (a map such as `{minProperties: 1,
 * additionalProperties: {...}}` sampled as `{}` was refused 400).
 */
function fillMinProperties(schema: Schema, result: Record<string, unknown>, depth: number): void {
  const wanted = capped(schema.minProperties ?? 0, MAX_BUILT_ITEMS);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (Object.keys(result).length >= wanted) return;
    if (!(name in result)) result[name] = sampleFromSchema(property as Schema, depth + 1);
  }
  const extra = schema.additionalProperties;
  if (extra === false) return;
  for (let i = 1; Object.keys(result).length < wanted; i += 1) {
    if (!(`key${i}` in result)) result[`key${i}`] = sampleFromSchema(typeof extra === 'object' ? (extra as Schema) : {}, depth + 1);
  }
}

function mergedOrUndefined(schema: Schema): Schema | undefined {
  try {
    return mergeAllOf(schema);
  } catch {
    return undefined; // parts that cannot be merged (different types): sampled one by one
  }
}

function sampleString(schema: Schema): string {
  switch (schema.format) {
    case 'date-time':
      return '2030-01-01T00:00:00Z';
    case 'date':
      return '2030-01-01';
    case 'email':
      return 'someone@example.com';
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'uri':
    case 'uri-reference':
      return 'https://example.com/';
    case 'byte':
      return 'eA=='; // base64 of "x": `byte` is base64 (OpenAPI 3.0 data types)
    default:
      return patternedSample(schema) ?? formattedSample(schema) ?? 'x'.repeat(Math.min(capped(Math.max(1, schema.minLength ?? 1), MAX_BUILT_LENGTH), schema.maxLength ?? Infinity));
  }
}

/**
 * A string of a format the cases above do not name (`byte`, `ipv6`, `time`, `duration`...), made by
 * the mock's own generator from a fixed seed: `x` is no base64, and Kubernetes' certificate
 * requests (`request: {format: byte}`) were refused 400 for it. Undefined for a format the
 * generator does not know (any string fits it) or a value outside the schema's length.
 */
function formattedSample(schema: Schema): string | undefined {
  if (typeof schema.format !== 'string') return undefined;
  try {
    const value = fakeFromSchema({ type: 'string', format: schema.format }, createFaker(PATTERN_SEED));
    return typeof value === 'string' && fitsLength(value, schema) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A string for a schema with a pattern, made by the mock's own generator from a fixed seed (the
 * plan stays the same every run): `x` broke every pattern but the loosest, and the target's
 * correct 400 was then reported as its failure (issue 20, class 6). Undefined when there is no
 * pattern or nothing fits it.
 */
function patternedSample(schema: Schema): string | undefined {
  if (typeof schema.pattern !== 'string') return undefined;
  try {
    const value = fakeFromSchema({ type: 'string', pattern: schema.pattern, minLength: schema.minLength, maxLength: capped(schema.maxLength ?? MAX_BUILT_LENGTH, MAX_BUILT_LENGTH) }, createFaker(PATTERN_SEED));
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
const PATTERN_SEED = 1;

/** A value of the wrong JSON type for the schema (a number for a string, a string for a number). */
export function wrongTypeValue(schema: Schema): unknown {
  switch (schema.type) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'not-a-boolean';
    case 'array':
      return 'not-an-array';
    default:
      return 'not-an-object';
  }
}

/** A value for a path or query parameter that its schema refuses (below the minimum, else the wrong type). */
export function invalidParameterValue(schema: Schema): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && schema.minimum !== undefined) return schema.minimum - 1;
  if ((schema.type === 'integer' || schema.type === 'number') && schema.maximum !== undefined) return schema.maximum + 1;
  if (schema.type === 'integer' || schema.type === 'number') return 'not-a-number';
  if (schema.type === 'boolean') return 'not-a-boolean';
  if (schema.enum && schema.enum.length > 0) return 'not-one-of-the-enum';
  if (schema.type === 'string' && schema.maxLength !== undefined && schema.maxLength < MAX_BUILT_LENGTH) return 'x'.repeat(schema.maxLength + 1);
  return undefined;
}

/**
 * The smallest number the bounds allow (an exclusive bound stepped past: by 1 for an integer, as
 * 3.1's `exclusiveMinimum: 1` or 3.0's `exclusiveMinimum: true` beside `minimum`), else 1 (or the
 * maximum when that is below 1).
 */
function smallestNumber(schema: Schema): number {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema as { minimum?: number; maximum?: number; exclusiveMinimum?: number | boolean; exclusiveMaximum?: number | boolean };
  const step = schema.type === 'integer' ? 1 : 0.5;
  const low = typeof exclusiveMinimum === 'number' ? exclusiveMinimum : minimum;
  if (low !== undefined) {
    const strict = typeof exclusiveMinimum === 'number' || exclusiveMinimum === true;
    return schema.type === 'integer' ? (strict ? Math.floor(low) + 1 : Math.ceil(low)) : strict ? low + step : low;
  }
  const high = typeof exclusiveMaximum === 'number' ? exclusiveMaximum - step : maximum !== undefined ? maximum - (exclusiveMaximum === true ? step : 0) : undefined;
  return high !== undefined ? Math.min(0, high) : 1;
}

/**
 * A valid id no record is likely to have: the schema's (inclusive) maximum, else 2^31-1; a string
 * keeps the pattern and length. Undefined for an enum: every value it allows is a known one, and
 * any other breaks the parameter (a 400, not a 404).
 */
export function unknownIdValue(schema: Schema): unknown {
  if (schema.enum !== undefined) return undefined;
  if (schema.type === 'string') {
    if (schema.format === 'uuid') return 'ffffffff-ffff-4fff-bfff-ffffffffffff';
    // An id of a format (payrun.io's `/Employers/{EffectiveDate}`, `format: date`) must keep it, or the target's 400 is right.
    if (schema.format === 'date') return '2999-12-31';
    if (schema.format === 'date-time') return '2999-12-31T23:59:59Z';
    // An id that breaks the parameter's pattern or length is a bad request (400), not an unknown record.
    const patterned = typeof schema.pattern === 'string' ? fakeFromPattern(schema.pattern, createFaker(404)) : undefined;
    if (patterned !== undefined && fitsLength(patterned, schema)) return patterned;
    return patternedSample(schema) ?? withinLength('no-such-record-0000', schema);
  }
  const { maximum, exclusiveMaximum } = schema as { maximum?: number; exclusiveMaximum?: number | boolean };
  // 3.1 gives an exclusive bound as a number; 3.0 as `exclusiveMaximum: true` beside `maximum`.
  if (typeof exclusiveMaximum === 'number') return Math.ceil(exclusiveMaximum) - 1;
  if (maximum !== undefined) return exclusiveMaximum === true ? Math.ceil(maximum) - 1 : maximum;
  return 2_147_483_647;
}

function fitsLength(value: string, schema: Schema): boolean {
  const length = [...value].length;
  return length >= (schema.minLength ?? 0) && length <= (schema.maxLength ?? Infinity);
}

/** `text` cut to the schema's maxLength, or padded with `0` to its minLength. */
function withinLength(text: string, schema: Schema): string {
  const max = schema.maxLength ?? Infinity;
  const min = capped(schema.minLength ?? 0, MAX_BUILT_LENGTH);
  const cut = text.slice(0, Math.max(min, Math.min(max, text.length)));
  return cut.padEnd(min, '0');
}
