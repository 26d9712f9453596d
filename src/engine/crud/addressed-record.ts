import { ApiError } from '../../core/errors.js';
import type { Operation } from '../../spec/operation-index.js';
import { isCheckedTarget, referenceTarget } from '../../spec/record-references.js';
import type { RecordStore } from '../../store/record-store.js';
import type { BehaviourContext } from '../behaviour.js';
import { responseFor } from '../documented-responses.js';
import { scopeOf } from './crud-behaviour.js';
import { listSchema, type Resource } from './infer-resources.js';
import { asReferenceTarget } from './reference-checks.js';

/**
 * The record an operation that is no CRUD action addresses by its path
 * (docs/decisions/037-references-between-records.md): below an item path of a resource
 * (`POST /things/{thingId}/image`, `GET /things/{id}/photo`), or, elsewhere, by a path
 * parameter named like a resource's id (`/menu-item-images/{menuItemId}` for `/menu/{menuItemId}`,
 * the rule the runner also fills such parameters by). Such an operation answers 404 when that
 * record does not exist, where it documents a 404 (exactly, by range or `default`); else it
 * answers as before, for any value.
 */
export interface AddressedRecord {
  resource: Resource;
  /** The path parameter holding its id. */
  param: string;
  /** Found below the resource's item path, so its parents are in the path too. */
  underItem: boolean;
}

/**
 * `served` are the resources served as CRUD; `targets` those a client creates records of (what
 * a parameter found by name may address); `operations` the document's.
 */
export function addressedRecordOf(operation: Operation, served: readonly Resource[], targets: readonly Resource[], operations: readonly Operation[]): AddressedRecord | undefined {
  if (!responseFor(operation, 404)) return undefined;
  const under = served
    .filter((r) => !r.singleton && (operation.path === r.itemPath || operation.path.startsWith(`${r.itemPath}/`)))
    .sort((a, b) => b.itemPath.length - a.itemPath.length)[0];
  if (under) return { resource: under, param: under.itemParam, underItem: true };
  for (const parameter of operation.parameters.filter((p) => p.in === 'path').reverse()) {
    const target = referenceTarget(parameter.name, targets, asReferenceTarget);
    if (target && isCheckedTarget(asReferenceTarget(target)) && !listedElsewhere(operation, parameter.name, target, operations)) {
      return { resource: target, param: parameter.name, underItem: false };
    }
  }
  return undefined;
}

/**
 * A parameter that addresses the items of another collection, listed with an `id` of their own
 * (`/emails/receiving/{email_id}` is a received email, not one of `/emails`): the runner takes
 * such ids from that list, not from the resource (src/contract/resources.ts, resourceForPath).
 */
function listedElsewhere(operation: Operation, param: string, target: Resource, operations: readonly Operation[]): boolean {
  const collection = operation.path.slice(0, Math.max(0, operation.path.indexOf(`/{${param}}`)));
  if (collection === target.collectionPath) return false;
  const list = operations.find((o) => o.method === 'get' && o.path === collection && o !== operation);
  const properties = list ? (listSchema(list)?.items.properties ?? {}) : {};
  return !(param in properties) && 'id' in properties;
}

/** 404 when the addressed record (or, below an item path, one of its parents) does not exist. */
export async function checkAddressed(addressed: AddressedRecord, ctx: BehaviourContext, records: RecordStore): Promise<void> {
  const { resource, param } = addressed;
  const scope = addressed.underItem ? await scopeOf(resource, ctx, records) : '';
  const id = String(ctx.valid.path[param]);
  if (!(await records.get(resource.name, scope, id))) throw new ApiError('not_found', `No ${resource.name} record with id ${id.slice(0, 100)}`);
}
