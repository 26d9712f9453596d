import { resolveSchema } from './cyclic-refs.js';
import type { Schema } from './openapi.js';

/**
 * One schema equivalent to `schema` with its `allOf` folded in, for generation: a value made
 * for the result is valid against every part. Constraints narrow (the larger minimum, the
 * smaller maximum, the common enum values, every pattern, the union of `required`). When a
 * part closes its object (`additionalProperties: false`), only the properties that every
 * closing part declares survive, since anything else would be an extra property to that part.
 * A property declared by several parts becomes an `allOf` of its declarations, merged when
 * it is generated. Throws when the parts cannot all hold (different types, no common enum value).
 */
export function mergeAllOf(schema: Schema): MergedSchema {
  if (!schema.allOf || schema.allOf.length === 0) return schema;
  // Once per schema object, as a schema without allOf is its own merge: the result is read, never
  // changed. A document that builds every type on a base by allOf (Microsoft Graph) merged the
  // same schemas once per value made, most of its start-up (decision 102).
  let merged = mergedOf.get(schema);
  if (merged) return merged;
  const { allOf, ...own } = schema;
  merged = {};
  for (const part of [own, ...(allOf as Schema[])]) merged = mergeTwo(merged, mergeAllOf(assertNoRef(part)));
  mergedOf.set(schema, merged);
  return merged;
}
const mergedOf = new WeakMap<Schema, MergedSchema>();

/** A schema that may carry several patterns (from several allOf parts). */
export type MergedSchema = Schema & { patterns?: string[]; items?: Schema };

function mergeTwo(a: MergedSchema, b: MergedSchema): MergedSchema {
  const out: MergedSchema = { ...a, ...b };
  out.type = mergeType(a.type, b.type);
  if (out.type === undefined) delete out.type;

  if (a.enum && b.enum) {
    const common = a.enum.filter((v) => b.enum!.some((w) => JSON.stringify(w) === JSON.stringify(v)));
    if (common.length === 0) throw new Error('allOf parts have no enum value in common');
    out.enum = common;
  }
  narrow(out, a, b, 'minimum', Math.max);
  narrow(out, a, b, 'minLength', Math.max);
  narrow(out, a, b, 'minItems', Math.max);
  narrow(out, a, b, 'maximum', Math.min);
  narrow(out, a, b, 'maxLength', Math.min);
  narrow(out, a, b, 'maxItems', Math.min);
  if (a.exclusiveMinimum || b.exclusiveMinimum) out.exclusiveMinimum = true;
  if (a.exclusiveMaximum || b.exclusiveMaximum) out.exclusiveMaximum = true;

  const patterns = [...patternsOf(a), ...patternsOf(b)];
  delete out.pattern;
  if (patterns.length > 0) out.patterns = [...new Set(patterns)];

  if (a.required || b.required) out.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  if (a.items && b.items) out.items = { allOf: [a.items, b.items] } as Schema;
  if (a.properties || b.properties) out.properties = mergeProperties(a, b);
  if (a.additionalProperties === false || b.additionalProperties === false) out.additionalProperties = false;
  return out;
}

function mergeProperties(a: MergedSchema, b: MergedSchema): Record<string, Schema> {
  const props: Record<string, Schema> = {};
  const names = new Set([...Object.keys(a.properties ?? {}), ...Object.keys(b.properties ?? {})]);
  for (const name of names) {
    const inA = a.properties?.[name] as Schema | undefined;
    const inB = b.properties?.[name] as Schema | undefined;
    // A closed part without this property forbids it.
    if ((a.additionalProperties === false && !inA) || (b.additionalProperties === false && !inB)) continue;
    props[name] = inA && inB ? ({ allOf: [inA, inB] } as Schema) : (inA ?? inB)!;
  }
  return props;
}

/**
 * The types a value may take under both parts: 3.1 type arrays (`[string, 'null']`) intersect as
 * sets, an integer is a number. One type stays a string; several stay an array.
 */
function mergeType(a: Schema['type'], b: Schema['type']): Schema['type'] {
  if (a === undefined || a === b) return b ?? a;
  if (b === undefined) return a;
  const left = typesOf(a);
  const right = typesOf(b);
  const common = left.flatMap((t) => (right.includes(t) ? [t] : t === 'number' && right.includes('integer') ? ['integer'] : t === 'integer' && right.includes('number') ? ['integer'] : []));
  const unique = [...new Set(common)];
  if (unique.length === 0) throw new Error(`allOf parts have different types (${left.join('|')}, ${right.join('|')})`);
  return (unique.length === 1 ? unique[0] : unique) as Schema['type'];
}

function typesOf(type: Schema['type']): string[] {
  return Array.isArray(type) ? (type as string[]) : [type as string];
}

type NumericKey = 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems';

function narrow(out: Schema, a: Schema, b: Schema, key: NumericKey, pick: (x: number, y: number) => number): void {
  const x = a[key];
  const y = b[key];
  if (x !== undefined && y !== undefined) out[key] = pick(x, y);
}

/** Every pattern a (merged) schema imposes. */
export function patternsOf(schema: MergedSchema): string[] {
  return [...(schema.patterns ?? []), ...(schema.pattern === undefined ? [] : [schema.pattern])];
}

/**
 * The schema itself, with no `$ref` left: a `$ref` the loader kept because it is part of a cycle
 * (linked to its target, cyclic-refs.ts) is followed; any other `$ref` is an error. A record's
 * property that refers back to the record (an agent's parent agent) is such a `$ref`.
 */
export function assertNoRef(given: unknown): Schema {
  const schema = resolveSchema(given);
  if (typeof schema === 'object' && schema !== null && '$ref' in schema) {
    throw new Error(`schema has a $ref (${String((schema as { $ref: unknown }).$ref)}); pass a dereferenced document`);
  }
  return schema as Schema;
}
