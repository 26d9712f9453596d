import type { Schema } from '../spec/openapi.js';
import type { MergedSchema } from './merge-all-of.js';

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
