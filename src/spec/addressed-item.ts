import { responseFor } from './documented-status.js';
import type { Operation } from './operation-index.js';
import { isCheckedTarget, referenceTarget, type ReferenceTarget } from './record-references.js';
import { listSchema, type Resource, type ResourceIndex } from './resource-model.js';

/**
 * The record an operation addresses by a path parameter, as the resource model knows it: the
 * mock answers 404 for an id of it that names no record, and the runner expects that 404 only
 * here (docs/decisions/061-one-resource-model.md). Where the model cannot tell, the mock serves
 * the example and the runner claims no 404.
 */
export interface AddressedRecord {
  resource: Resource;
  /** The path parameter holding its id. */
  param: string;
  /** Found below the resource's item path, so its parents are in the path too. */
  underItem: boolean;
}

/** What the shared reference rule (record-references.ts) reads of an inferred resource. */
export function asReferenceTarget(resource: Resource): ReferenceTarget {
  return { collectionPath: resource.collectionPath, itemParam: resource.itemParam, idType: resource.idKind === 'integer' ? 'integer' : 'string' };
}

/**
 * The record an operation that is no CRUD action addresses by its path
 * (docs/decisions/037-references-between-records.md): below an item path of a resource
 * (`POST /things/{thingId}/image`, `GET /things/{id}/photo`), or, elsewhere, by a path
 * parameter named like a resource's id (`/menu-item-images/{menuItemId}` for `/menu/{menuItemId}`,
 * the rule the runner also fills such parameters by), where it documents a 404 (exactly, by
 * range or `default`). `served` are the resources served as CRUD; `targets` those a client
 * creates records of (what a parameter found by name may address); `operations` the document's.
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

/** Resources a client creates records of (a create answering 201 or 200, or a PUT that makes one). */
export function creatableResources(model: ResourceIndex, operations: readonly Operation[]): Resource[] {
  return model.resources.filter((r) => !r.singleton && operations.some((op) => {
    const found = model.actionOf(op);
    return found?.resource === r && ((found.action === 'create' && (Object.hasOwn(op.responses, '201') || Object.hasOwn(op.responses, '200'))) || (found.action === 'replace' && r.putCreates === true));
  }));
}

/**
 * The path parameter whose unknown value the mock answers 404 for, by the model: the item of a
 * CRUD read, replace, update or delete; the parent of a nested create or list; else the record
 * `addressedRecordOf` finds. Undefined where the model cannot tell (the mock serves examples).
 */
export function checkedPathParameter(model: ResourceIndex, operation: Operation, operations: readonly Operation[]): string | undefined {
  const found = model.actionOf(operation);
  if (found && !found.resource.singleton) {
    if (found.action === 'create' || found.action === 'list') return found.resource.parent?.itemParam;
    return found.resource.itemParam;
  }
  if (found) return found.resource.parent?.itemParam;
  const served = model.resources.filter((r) => operations.some((op) => model.actionOf(op)?.resource === r));
  return addressedRecordOf(operation, served, creatableResources(model, operations), operations)?.param;
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
