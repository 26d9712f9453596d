import { assertNoRef, mergeAllOf } from '../generation/merge-all-of.js';
import type { Schema } from '../spec/openapi.js';
import type { Operation, OperationIndex } from '../spec/operation-index.js';
import { idTypeOf, isReferenceName, referencedName, referenceTarget, type ReferenceTarget } from '../spec/record-references.js';
import { templateNames } from '../spec/operation-index.js';
import { successStatuses } from './documented-response.js';
import { linksGiving } from './links.js';
import { idFieldOf, lastLiteral, singular, unwrapRecord } from '../spec/record-wrapper.js';
import type { Resource as ModelResource, ResourceIndex } from '../spec/resource-model.js';
import { collectionOf, listedIdSource } from './listed-ids.js';
import { answerWrapper } from './record-bodies.js';
import { resolvePointer } from './runtime-expression.js';
import { requestBodies, requestSchema } from './sample-value.js';

/**
 * A kind of record the API creates, derived from the document alone: a POST on a collection
 * answering 201 (or 200), and the item path `collection/{id}` beside it with its GET and DELETE.
 */
export interface Resource {
  /** `pet`, from the item path parameter `petId`. */
  name: string;
  /** The item path parameter, also the name body fields use to refer to it (`categoryId`). */
  idParam: string;
  collectionPath: string;
  itemPath: string;
  create: Operation;
  read: Operation | undefined;
  remove: Operation | undefined;
  /** The body a fixture is created with: the create operation's first example. */
  createBody: unknown;
  /** Where the create's answer holds the id, when a link of it says so (`/key` from `$response.body#/key`). */
  idPointer?: string;
  /** The property the create's answer wraps the record in (`article` of `{article: {slug}}`), if it does. */
  answerWrapper?: string;
  /** The type of its ids, from the path parameters that carry them (a body field referring to it must hold one). */
  idType: ReferenceTarget['idType'];
  /** `create` is a PUT at the item path naming the record (the resource model's `putCreates`): its id is the one sent. */
  putCreates?: boolean;
}

export function deriveResources(index: OperationIndex, model: ResourceIndex): Map<string, Resource> {
  const resources = new Map<string, Resource>();
  for (const create of index.operations) {
    // A nested collection (`/owners/{ownerId}/things`) counts too: its records belong to a parent.
    if (create.method !== 'post' || create.path.endsWith('}')) continue;
    const statuses = successStatuses(create);
    if (!statuses.includes('201') && !statuses.includes('200')) continue;
    const itemPattern = new RegExp(`^${escape(create.path)}/\\{([^}/]+)\\}$`);
    const items = index.operations.filter((o) => itemPattern.test(o.path));
    const idParam = items[0] ? (itemPattern.exec(items[0].path)?.[1] as string) : undefined;
    if (!idParam) continue;
    const name = uniqueName(resources, isReferenceName(idParam) ? referencedName(idParam) : singular(create.path.split('/').at(-1) ?? idParam));
    const itemPath = items[0]!.path;
    const idSchemas = index.operations
      .filter((o) => o.path === itemPath || o.path.startsWith(`${itemPath}/`))
      .flatMap((o) => o.parameters.filter((p) => p.in === 'path' && p.name === idParam).map((p) => p.schema as Schema | undefined));
    const idPointer = items.flatMap((item) => linksGiving(index, item, idParam)).find((l) => l.source === create && typeof l.value === 'string' && l.value.startsWith('$response.body#'));
    const wrapper = answerWrapper(create, Number(statuses.includes('201') ? '201' : '200'));
    resources.set(name, {
      name,
      idParam,
      collectionPath: create.path,
      itemPath,
      create,
      idType: idTypeOf(idSchemas),
      read: items.find((o) => o.method === 'get'),
      remove: items.find((o) => o.method === 'delete'),
      createBody: requestBodies(create)[0]?.value,
      ...(idPointer ? { idPointer: (idPointer.value as string).slice('$response.body#'.length) } : {}),
      ...(wrapper ? { answerWrapper: wrapper } : {}),
    });
  }
  for (const made of model.resources) if (made.putCreates && !made.singleton) addPutCreated(index, resources, made);
  return resources;
}

/** A resource the model says is made by a PUT at its item path (Azure's `PUT /…/queryPacks/{queryPackName}`). */
function addPutCreated(index: OperationIndex, resources: Map<string, Resource>, made: ModelResource): void {
  const items = index.operations.filter((o) => o.path === made.itemPath);
  const create = items.find((o) => o.method === 'put');
  if (!create || [...resources.values()].some((r) => r.itemPath === made.itemPath)) return;
  const idParam = made.itemParam;
  const name = uniqueName(resources, isReferenceName(idParam) ? referencedName(idParam) : singular(lastLiteral(made.collectionPath)));
  const idSchemas = index.operations
    .filter((o) => o.path === made.itemPath || o.path.startsWith(`${made.itemPath}/`))
    .flatMap((o) => o.parameters.filter((p) => p.in === 'path' && p.name === idParam).map((p) => p.schema as Schema | undefined));
  const wrapper = answerWrapper(create, Number(successStatuses(create)[0] ?? '200'));
  resources.set(name, {
    name,
    idParam,
    collectionPath: made.collectionPath,
    itemPath: made.itemPath,
    create,
    idType: idTypeOf(idSchemas),
    read: items.find((o) => o.method === 'get'),
    remove: items.find((o) => o.method === 'delete'),
    createBody: requestBodies(create)[0]?.value,
    ...(wrapper ? { answerWrapper: wrapper } : {}),
    putCreates: true,
  });
}

/**
 * The resource a body field, or a path parameter outside the resource's own paths, refers to by
 * the id parameter's name (`petId` -> pet), by the rule the mock checks references by
 * (src/spec/record-references.ts). Only names that say they are a reference count (`categoryId`,
 * `owner_id`): a field `id` or `name` is the record's own. With a body field's `schema`, its type
 * must hold the resource's ids; with its operation's path, a field naming the resource whose paths
 * the operation is on is the record's own (or its parent's).
 */
export function resourceFor(resources: ReadonlyMap<string, Resource>, name: string, schema?: Schema, operationPath?: string): Resource | undefined {
  return referenceTarget(name, [...resources.values()], asReferenceTarget, schema, operationPath);
}

export function asReferenceTarget(resource: Resource): ReferenceTarget {
  return { collectionPath: resource.collectionPath, itemParam: resource.idParam, idType: resource.idType };
}

/**
 * The resource a path parameter of an operation names: the one whose item path the operation's
 * path starts with, else by name. Not by name where the parameter addresses the items of another
 * collection the document has (`/emails/receiving/{email_id}` is a received email, not one of
 * `/emails`): `index` gives the collections.
 */
export function resourceForPath(resources: ReadonlyMap<string, Resource>, operation: Operation, name: string, index?: OperationIndex): Resource | undefined {
  for (const resource of resources.values()) {
    if (resource.idParam === name && (operation.path === resource.itemPath || operation.path.startsWith(`${resource.itemPath}/`))) return resource;
  }
  const byName = resourceFor(resources, name);
  // Records listed with an `id` of their own, not with the parameter's field (the Petstore's
  // inventory lists `petId`s: it is keyed by pets).
  if (byName && index && collectionOf(operation.path, name) !== byName.collectionPath && listedIdSource(index, operation, name)?.field === 'id') return undefined;
  return byName;
}

/**
 * The id of the record a create answered, from its body: where a link of the create says, else
 * the property the resource model keys records by (record-wrapper.ts `idFieldOf`: named like the
 * item path parameter, `username`, `petId`, `ConfirmationId`; else `id`; else the parameter
 * without the resource's name, `domain_name` -> `name`), else `id`, looking
 * inside the wrapper where the answer wraps the record (`{article: {slug}}`). Undefined when none
 * is a number or a non-empty string (an empty id would address the collection: `/add_ons/`).
 */
export function idFromBody(resource: Resource, body: unknown): string | number | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = unwrapRecord(body, resource.answerWrapper) as Record<string, unknown>;
  const linked = resource.idPointer === undefined ? undefined : resolvePointer(body, resource.idPointer);
  const field = idFieldOf(resource.idParam, record, resource.collectionPath);
  for (const value of [linked, field === undefined ? undefined : record[field], record.id]) if (typeof value === 'number' || (typeof value === 'string' && value !== '')) return value;
  return undefined;
}

function uniqueName(resources: ReadonlyMap<string, Resource>, name: string): string {
  let candidate = name;
  for (let n = 2; resources.has(candidate); n++) candidate = `${name}${n}`;
  return candidate;
}

/** Top-level body fields that name a resource, among those a body value has (`{categoryId: 1}` -> category). */
export function bodyRefs(resources: ReadonlyMap<string, Resource>, operation: Operation, value: unknown): Record<string, string> {
  const refs: Record<string, string> = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return refs;
  const properties = requestProperties(operation);
  for (const field of Object.keys(value)) {
    const resource = field in properties ? resourceFor(resources, field, properties[field], operation.path) : undefined;
    if (resource) refs[field] = resource.name;
  }
  return refs;
}

/**
 * The path values of a record's item path: its id, and for a nested resource the ids of the
 * parents this case created (`/owners/{ownerId}/things/{thingId}`).
 */
export function itemPathParams(resources: ReadonlyMap<string, Resource>, resource: Resource, id: unknown, ids: ReadonlyMap<string, unknown>): Record<string, { value: unknown }> {
  const params: Record<string, { value: unknown }> = {};
  for (const name of templateNames(resource.itemPath)) {
    if (name === resource.idParam) continue;
    const parent = resourceForPath(resources, resource.create, name);
    if (parent && ids.has(parent.name)) params[name] = { value: ids.get(parent.name) };
  }
  params[resource.idParam] = { value: id };
  return params;
}

/** The top-level properties of an operation's JSON request body, allOf merged (as the mock reads them). */
export function requestProperties(operation: Operation): Record<string, Schema> {
  const schema = requestSchema(operation);
  if (!schema) return {};
  try {
    return Object.fromEntries(Object.entries(mergeAllOf(assertNoRef(schema)).properties ?? {}).map(([name, p]) => [name, assertNoRef(p as Schema)]));
  } catch {
    return {};
  }
}

/** The GET on the same path as an operation (for reading back what it wrote). */
export function readerOf(index: OperationIndex, operation: Operation): Operation | undefined {
  return index.operations.find((o) => o.path === operation.path && o.method === 'get');
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
