import type { Schema } from '../../spec/openapi.js';
import { sampleFromSchema, wrongTypeValue } from '../sample-value.js';
import { MAX_BUILT_ITEMS, MAX_BUILT_LENGTH } from '../value-caps.js';
import { fitted, METACHARACTER_TEXT, UNICODE_TEXT } from './hostile-strings.js';

/** One value at or just past a constraint of a schema, and whether the schema accepts it. */
export interface BoundaryValue {
  /** `maxLength`, `maxLength+1`, `enum:sold`, `format:date-time`, `wrong-type`. */
  label: string;
  value: unknown;
  accepted: boolean;
}

const MALFORMED: Readonly<Record<string, string>> = {
  'date-time': '2026-13-45T25:61:00Z',
  date: '2026-02-30x',
  uuid: 'not-a-uuid',
  email: 'not-an-email',
  uri: 'not a uri',
  ipv4: '999.1.1.1',
};

/**
 * The values on each bound a schema states (accepted) and one step past it (refused), from the
 * schema alone. A length or item bound past the caps of value-caps.ts is left out (not built). `values: false` leaves out accepted values (an id on its bound names no record).
 */
export function boundaryValues(schema: Schema, options: { accepted?: boolean; wrongType?: boolean } = {}): BoundaryValue[] {
  const out: BoundaryValue[] = [];
  const add = (label: string, value: unknown, accepted: boolean) => {
    if (!accepted || options.accepted !== false) out.push({ label, value, accepted });
  };
  if (schema.enum && schema.enum.length > 0) {
    for (const member of schema.enum) add(`enum:${String(member)}`, member, true);
    add('enum-outside', schema.type === 'integer' || schema.type === 'number' ? outsideNumber(schema.enum as number[]) : 'not-one-of-the-enum', false);
  } else if (schema.type === 'integer' || schema.type === 'number') {
    const step = schema.type === 'integer' ? 1 : 0.5;
    const exclusive = (flag: unknown) => flag === true;
    if (typeof schema.minimum === 'number') {
      const on = exclusive(schema.exclusiveMinimum) ? schema.minimum + step : schema.minimum;
      add(exclusive(schema.exclusiveMinimum) ? 'exclusiveMinimum+step' : 'minimum', on, true);
      add(exclusive(schema.exclusiveMinimum) ? 'exclusiveMinimum' : 'minimum-1', exclusive(schema.exclusiveMinimum) ? schema.minimum : schema.minimum - step, false);
    }
    if (typeof schema.maximum === 'number') {
      const on = exclusive(schema.exclusiveMaximum) ? schema.maximum - step : schema.maximum;
      add(exclusive(schema.exclusiveMaximum) ? 'exclusiveMaximum-step' : 'maximum', on, true);
      add(exclusive(schema.exclusiveMaximum) ? 'exclusiveMaximum' : 'maximum+1', exclusive(schema.exclusiveMaximum) ? schema.maximum : schema.maximum + step, false);
    }
  } else if (schema.type === 'string') {
    const malformed = schema.format ? MALFORMED[schema.format] : undefined;
    if (malformed !== undefined) add(`format:${schema.format}`, malformed, false);
    // A pattern, format or const decides what the characters may be: lengths made of 'x' or Unicode phrases would test it instead.
    if (!schema.pattern && !schema.format && (schema as { const?: unknown }).const === undefined) {
      const min = schema.minLength ?? 0;
      if (min <= MAX_BUILT_LENGTH && (min > 0 || schema.minLength !== undefined)) add('minLength', 'x'.repeat(min), true);
      if (min > 0 && min <= MAX_BUILT_LENGTH) add('minLength-1', 'x'.repeat(min - 1), false);
      if (schema.maxLength !== undefined && schema.maxLength < MAX_BUILT_LENGTH) {
        add('maxLength', 'x'.repeat(schema.maxLength), true);
        add('maxLength+1', 'x'.repeat(schema.maxLength + 1), false);
      }
      unicodeValues(schema, min, add);
    }
  } else if (schema.type === 'array') {
    // 3.1 tuples: `prefixItems` give the first items' schemas (`items` may be `false`).
    const prefix = ((schema as { prefixItems?: unknown }).prefixItems ?? []) as Schema[];
    const items = (typeof schema.items === 'object' ? schema.items : {}) as Schema;
    const itemsOf = (n: number) => Array.from({ length: n }, (_v, i) => itemValue(prefix[i] ?? items, i));
    if (typeof schema.minItems === 'number' && schema.minItems <= MAX_BUILT_ITEMS) {
      add('minItems', itemsOf(schema.minItems), true);
      if (schema.minItems > 0) add('minItems-1', itemsOf(schema.minItems - 1), false);
    }
    if (typeof schema.maxItems === 'number' && schema.maxItems < MAX_BUILT_ITEMS) {
      add('maxItems', itemsOf(schema.maxItems), true);
      add('maxItems+1', itemsOf(schema.maxItems + 1), false);
    }
  }
  if (options.wrongType !== false && schema.type !== undefined) add('wrong-type', wrongTypeValue(schema), false);
  return out;
}

/**
 * Accepted text from the whole of Unicode, within the lengths: `maxLength` in characters outside
 * the Basic Multilingual Plane (JSON Schema counts code points, so 100 emoji are 100 long, though
 * 200 UTF-16 units), and phrases of combining, right-to-left and zero-width characters, and of
 * quotes, backslashes and SQL, JSON and HTML metacharacters.
 */
function unicodeValues(schema: Schema, min: number, add: (label: string, value: unknown, accepted: boolean) => void): void {
  const max = Math.min(schema.maxLength ?? MAX_BUILT_LENGTH, MAX_BUILT_LENGTH);
  if (max < Math.max(min, 1) || min > MAX_BUILT_LENGTH) return;
  if (schema.maxLength !== undefined && schema.maxLength < MAX_BUILT_LENGTH) add('maxLength:astral', ASTRAL.repeat(schema.maxLength), true);
  add('text:unicode', fitted(UNICODE_TEXT, min, max), true);
  add('text:metacharacters', fitted(METACHARACTER_TEXT, min, max), true);
}

const ASTRAL = '\u{1F600}';

/** The i-th item of an array on a bound: distinct where the item schema allows (enum members in turn, counting numbers). */
function itemValue(items: Schema, i: number): unknown {
  if (items.enum && items.enum.length > 0) return items.enum[i % items.enum.length];
  if (items.type === 'integer' || items.type === 'number') return (typeof items.minimum === 'number' ? items.minimum : 1) + i;
  return sampleFromSchema(items);
}

function outsideNumber(members: readonly number[]): number {
  return Math.max(...members.filter((m) => typeof m === 'number'), 0) + 1;
}

/** Whether a parameter sent as text can have the wrong JSON type at all (any text is a string). */
export function textCanBeWrongType(schema: Schema): boolean {
  if (schema.type === 'string') return false;
  const items = ((schema as { items?: Schema }).items ?? {}) as Schema;
  return !(schema.type === 'array' && items.type === 'string' && !items.enum);
}
