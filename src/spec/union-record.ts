import { assertNoRef, mergeAllOf, type MergedSchema } from './merge-all-of.js';
import type { Schema } from './openapi.js';

/**
 * Records of several kinds (docs/decisions/037-references-between-records.md): a `oneOf` or
 * `anyOf` whose branches are all object schemas (the Redocly Cafe's menu item, a Beverage or a
 * Dessert) is a record schema. The union is an object schema whose `properties` are those every
 * branch declares (a declaration that differs between branches becomes their `anyOf`), whose
 * `required` are those every branch requires, and whose `oneOf` keeps the branches, allOf merged:
 * the id field, filters and wrappers are read from the common part, while a record is stored,
 * completed and answered by the branch it belongs to (`branchOf`), so `readOnly`, `writeOnly` and
 * required fields are each branch's own.
 */

/** A schema with its allOf merged when it has properties, else the union of its object branches; undefined otherwise. */
export function recordObjectSchema(schema: Schema | undefined): MergedSchema | undefined {
  if (!schema) return undefined;
  let merged: MergedSchema;
  try {
    merged = mergeAllOf(assertNoRef(schema));
  } catch {
    return undefined;
  }
  if (merged.properties) return merged;
  return merged.type === undefined || merged.type === 'object' ? unionOf(merged) : undefined;
}

function unionOf(schema: MergedSchema): MergedSchema | undefined {
  const raw = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (!raw || raw.length === 0) return undefined;
  const { oneOf: _o, anyOf: _a, discriminator: _d, ...own } = schema;
  const branches: MergedSchema[] = [];
  for (const branch of raw) {
    let merged: MergedSchema;
    try {
      // What the union itself says (a `required` beside the oneOf) holds in every branch.
      merged = mergeAllOf({ allOf: [own, assertNoRef(branch)] } as Schema);
    } catch {
      return undefined;
    }
    if (!merged.properties || (merged.type !== undefined && merged.type !== 'object') || merged.oneOf || merged.anyOf) return undefined;
    branches.push(merged);
  }
  const first = branches[0]!;
  const properties: Record<string, Schema> = {};
  for (const name of Object.keys(first.properties!)) {
    const declared = branches.map((b) => (b.properties as Record<string, Schema>)[name]);
    if (declared.some((d) => d === undefined)) continue;
    const same = declared.every((d) => JSON.stringify(d) === JSON.stringify(declared[0]));
    properties[name] = same ? declared[0]! : ({ anyOf: declared } as Schema);
  }
  const required = (first.required ?? []).filter((name) => branches.every((b) => (b.required ?? []).includes(name)));
  const union: MergedSchema = { type: 'object', properties, oneOf: branches };
  if (required.length > 0) union.required = required;
  return union;
}

/** The branches of a union record schema; undefined for a plain object schema. */
export function branchesOf(schema: MergedSchema): readonly MergedSchema[] | undefined {
  const branches = schema.oneOf as MergedSchema[] | undefined;
  return branches && branches.length > 0 && branches.every((b) => b.properties) && schema.properties ? branches : undefined;
}

/**
 * The schema a value of `schema` is shaped by: itself, or for a union the branch the value
 * belongs to: one whose single-valued properties (a `const` or one-value `enum`, as a
 * discriminator's are) the value does not contradict, the one whose required fields it has most
 * of, the first on a tie. `fallback` picks a branch when there is no value (seed records).
 */
export function branchOf(schema: MergedSchema, value: unknown, fallback = 0): MergedSchema {
  const branches = branchesOf(schema);
  if (!branches) return schema;
  if (!isPlainObject(value)) return branches[fallback % branches.length]!;
  let best: MergedSchema | undefined;
  let bestScore = -1;
  for (const branch of branches) {
    const properties = branch.properties as Record<string, Schema>;
    const contradicts = Object.entries(properties).some(([name, p]) => value[name] !== undefined && fixedValue(p) !== undefined && JSON.stringify(fixedValue(p)!.value) !== JSON.stringify(value[name]));
    if (contradicts) continue;
    const score = (branch.required ?? []).filter((name) => value[name] !== undefined).length + Object.keys(value).filter((name) => name in properties).length / 1000;
    if (score > bestScore) [best, bestScore] = [branch, score];
  }
  return best ?? branches[0]!;
}

function fixedValue(property: Schema): { value: unknown } | undefined {
  const own = assertNoRef(property);
  if ('const' in own) return { value: (own as { const: unknown }).const };
  if (own.enum && own.enum.length === 1) return { value: own.enum[0] };
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
