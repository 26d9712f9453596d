import { refTarget, resolveSchema } from '../spec/cyclic-refs.js';
import type { Schema } from '../spec/openapi.js';
import { assertNoRef, mergeAllOf, type MergedSchema } from './merge-all-of.js';

/**
 * The schema with its oneOf/anyOf replaced by one branch, as an allOf: the same object for the
 * same schema and branch, so that its merge is made once (Microsoft Graph writes every reference
 * as `anyOf: [{$ref}, {nullable}]`, and merged them again for every value, decision 102).
 */
export function withBranch(schema: MergedSchema, branch: Schema): Schema {
  let byBranch = branched.get(schema);
  if (!byBranch) branched.set(schema, (byBranch = new Map()));
  let chosen = byBranch.get(branch);
  if (!chosen) {
    const { oneOf: _o, anyOf: _a, ...rest } = schema;
    byBranch.set(branch, (chosen = { allOf: [rest, branch] } as Schema));
  }
  return chosen;
}
const branched = new WeakMap<Schema, Map<Schema, Schema>>();

/**
 * Whether the schema with this one branch in place of its oneOf/anyOf can hold a value at all (its
 * allOf merges). Kept per schema and branch, as the merge is: a merge that fails is not thrown again
 * for every value made.
 */
export function branchHolds(schema: MergedSchema, branch: Schema): boolean {
  const chosen = withBranch(schema, branch);
  let holds = holding.get(chosen);
  if (holds === undefined) {
    try {
      mergeAllOf(assertNoRef(withPartsResolved(resolveSchema(chosen))));
      holds = true;
    } catch {
      holds = false;
    }
    holding.set(chosen, holds);
  }
  return holds;
}
const holding = new WeakMap<Schema, boolean>();

/** allOf parts that are cyclic `$ref`s, replaced by their targets so they can be merged. */
export function withPartsResolved(schema: Schema): Schema {
  if (!schema.allOf?.some((part) => refTarget(part))) return schema;
  // The same object each time, so that its allOf merge is made once (mergeAllOf keeps it).
  let resolved = partsResolved.get(schema);
  if (!resolved) partsResolved.set(schema, (resolved = { ...schema, allOf: schema.allOf.map((part) => resolveSchema(part)) }));
  return resolved;
}
const partsResolved = new WeakMap<Schema, Schema>();
