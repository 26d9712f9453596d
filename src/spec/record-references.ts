import type { Schema } from './openapi.js';
import type { Operation } from './operation-index.js';
import { lastLiteral, singular } from './record-wrapper.js';

/**
 * References between records (docs/decisions/037-references-between-records.md): a body field or
 * path parameter whose name says it holds another resource's id (`petId`, `owner_id`). One rule,
 * read by the mock (which refuses a reference to a record that does not exist) and by the runner
 * (which fills references from records it created, and sends an unknown one to see it refused),
 * so the two cannot disagree on what a reference is.
 */

/** What the rule needs to know of a resource records can refer to. */
export interface ReferenceTarget {
  /** `/pet`, `/owners/{ownerId}/things`. */
  collectionPath: string;
  /** The item path's parameter (`petId`). */
  itemParam: string;
  /** How its ids are typed: a JSON number for `integer`, a string otherwise. */
  idType: 'integer' | 'string';
}

/** `categoryId`, `owner_id`, `petID`: a name that says it holds an id of something. `id` alone is the record's own. */
export function isReferenceName(name: string): boolean {
  return /.(Id|ID|_id)$/.test(name);
}

/** `petId` -> pet, `email_id` -> email. */
export function referencedName(name: string): string {
  return name.replace(/(_id|Id|ID)$/, '');
}

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The names a reference to records at `target` may carry before its `Id`: the collection, singular or plural, or the item parameter's stem. */
function namesOf(target: ReferenceTarget): Set<string> {
  const segment = lastLiteral(target.collectionPath);
  const names = new Set([squash(segment), squash(singular(segment))]);
  if (isReferenceName(target.itemParam)) names.add(squash(referencedName(target.itemParam)));
  return names;
}

/**
 * The one target a field or parameter `name` refers to: the target whose item parameter has that
 * very name, else the one named like the field's stem (`contact_id` -> `/contacts/{id}`). None
 * when the name is no reference name or several targets match. With `schema` (a body field's),
 * the field's type must also hold the target's ids (an integer field for integer ids, a string
 * one for the others): a `petId` string is no reference to integer-keyed pets. With the body's
 * `operationPath`, a field naming the resource whose paths the operation is on is no reference.
 */
export function referenceTarget<T>(name: string, targets: readonly T[], describe: (target: T) => ReferenceTarget, schema?: Schema, operationPath?: string): T | undefined {
  if (!isReferenceName(name)) return undefined;
  const byParam = targets.filter((t) => describe(t).itemParam === name);
  const stem = squash(referencedName(name));
  const matching = byParam.length > 0 ? byParam : targets.filter((t) => namesOf(describe(t)).has(stem));
  if (matching.length !== 1) return undefined;
  const target = matching[0]!;
  if (schema && !holdsIds(schema, describe(target).idType)) return undefined;
  if (operationPath !== undefined && isOwnPath(operationPath, describe(target))) return undefined;
  return target;
}

/**
 * Whether an operation is on the target's own paths (its collection, its items, below them): a
 * body field naming the target there is the record's own id (`thingId` of a thing) or its
 * parent's, which the path gives (`ownerId` under `/owners/{ownerId}`), not a reference.
 */
function isOwnPath(path: string, target: ReferenceTarget): boolean {
  const item = `${target.collectionPath}/{${target.itemParam}}`;
  return path === target.collectionPath || path === item || path.startsWith(`${item}/`);
}

function holdsIds(schema: Schema, idType: ReferenceTarget['idType']): boolean {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type];
  return idType === 'integer' ? types.includes('integer') || types.includes('number') : types.includes('string');
}

/**
 * Whether references to a target are checked: only to a top-level resource (a nested record is
 * found under its parent, which a body field alone does not name).
 */
export function isCheckedTarget(target: ReferenceTarget): boolean {
  return !target.collectionPath.includes('{');
}

/**
 * The status answering a reference to no record: 422 where the operation documents it (the
 * request is well formed, its content is not: INTERFACE.md section 6's `invalid_reference`),
 * else 404, else 400. Undefined where it documents none of them exactly: then nothing is checked.
 */
export function unknownReferenceStatus(operation: Operation): 422 | 404 | 400 | undefined {
  for (const status of [422, 404, 400] as const) if (Object.hasOwn(operation.responses, String(status))) return status;
  return undefined;
}

/** The id type of the ids path parameter schemas and an id property describe: `integer` when any says integer. */
export function idTypeOf(schemas: readonly (Schema | undefined)[]): ReferenceTarget['idType'] {
  return schemas.some((s) => s?.type === 'integer' || s?.type === 'number') ? 'integer' : 'string';
}
