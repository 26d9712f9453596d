import { assertNoRef, mergeAllOf, type MergedSchema } from './merge-all-of.js';
import type { MediaType, Response, Schema } from './openapi.js';
import type { Operation } from './operation-index.js';
import { idFieldOf, lastLiteral, unwrapRecord, wrapperNames, wrapperProperty } from './record-wrapper.js';
import { isJsonType, successStatus } from './documented-status.js';
import { referenceTarget } from './record-references.js';
import { recordObjectSchema } from './union-record.js';

/**
 * A resource inferred from paths (docs/decisions/019-crud-inference.md): a collection path
 * (`/things`, `/owners/{ownerId}/things`) and an item path adding one path parameter.
 */
export interface Resource {
  /** Unique among the document's resources: the last literal segment, or the whole path when that repeats. */
  name: string;
  collectionPath: string;
  itemPath: string;
  /** The item path's last parameter. */
  itemParam: string;
  /** The record's id property (the item parameter's name, else `id`), when the record schema has one. */
  idField: string | undefined;
  /** How ids are made: `integer` (a sequence), else a string of the id's format (`uuid` or plain). */
  idKind: 'integer' | 'uuid' | 'string';
  /**
   * Every schema an id must fit (the record's id property and each path parameter that
   * addresses the record), allOf merged into one; absent when they cannot all hold.
   */
  idSchema?: MergedSchema;
  /** The integers an `integer` id may take, where the id schemas bound them (`minimum`, `exclusiveMaximum`...). */
  idRange?: { low: number; high: number };
  /**
   * The item parameter's documented example, when it fits `idKind`: the first seeded record takes
   * it, so the document's own example request (`GET /v2/actions/36804636`) finds a record.
   */
  idExample?: string | number;
  /** Every id the item parameter's examples give, across the operations under the item path, idExample first (seeded too). */
  idExamples?: readonly (string | number)[];
  /** The record schema, allOf merged. */
  record: MergedSchema;
  /** The resource whose item path the collection path extends (records belong to a parent record). */
  parent: Resource | undefined;
  /** Examples of records found in the document (responses and request bodies of the resource). */
  examples: readonly Record<string, unknown>[];
  /** The names a body wrapping one record may give its one property (`article`, `articles`, `data`). */
  wrapperNames: ReadonlySet<string>;
  /**
   * A singleton (`GET`/`PUT /user`, `/board/{row}/{column}`): one record per address, no
   * collection; `keyParams` are the path parameters that address it below its parent.
   */
  singleton?: { keyParams: readonly string[] };
  /**
   * Records are made by a PUT at the item path naming them (`PUT /…/queryPacks/{queryPackName}`,
   * as Azure writes every resource): the collection has no POST, the item path a PUT with a body.
   * The mock's PUT of an unknown id creates it; the runner creates records that way.
   */
  putCreates?: boolean;
}

/**
 * The value a record stores in its id field for the id `id` (always a string in a path): a number
 * where the record's id property is a number, the string itself where it is a string. The kind of
 * id comes from every schema addressing the record (`idKind`), but a document may type the path
 * parameter `integer` and the record's `id` a `string` (motaword's documents): the record keeps
 * the type its own schema gives, or an answer would have to leave the id out.
 */
export function storedId(resource: Resource, id: string): string | number {
  const property = resource.idField ? (resource.record.properties?.[resource.idField] as Schema | undefined) : undefined;
  const type = property ? mergedOrSelf(assertNoRef(property)).type : undefined;
  const types = type === undefined ? [] : Array.isArray(type) ? (type as string[]) : [type];
  const numeric = types.length === 0 ? resource.idKind === 'integer' : !types.includes('string') && types.some((t) => t === 'integer' || t === 'number');
  return numeric && /^-?\d+$/.test(id) ? Number(id) : id;
}

export type CrudAction = 'create' | 'list' | 'read' | 'replace' | 'update' | 'delete' | 'singleton-read' | 'singleton-replace' | 'singleton-update' | 'singleton-delete';

/** The resources of a document and the CRUD action of each operation that is one. */
export interface ResourceIndex {
  readonly resources: readonly Resource[];
  actionOf(operation: Operation): { resource: Resource; action: CrudAction } | undefined;
}

const ITEM_ACTIONS: Partial<Record<Operation['method'], CrudAction>> = { get: 'read', put: 'replace', patch: 'update', delete: 'delete' };

export function inferResources(operations: readonly Operation[]): ResourceIndex {
  const byPath = new Map<string, Operation[]>();
  for (const op of operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const found = new Map<string, Resource>();
  const actions = new Map<Operation, { resource: Resource; action: CrudAction }>();

  // Shorter item paths first, so that a parent exists before its nested collections are read.
  const itemPaths = [...byPath.keys()].filter((p) => /\/\{[^}/]+\}$/.test(p)).sort((a, b) => a.split('/').length - b.split('/').length);
  for (const itemPath of itemPaths) {
    const collectionPath = itemPath.slice(0, itemPath.lastIndexOf('/'));
    const collectionOps = byPath.get(collectionPath) ?? [];
    const itemOps = byPath.get(itemPath)!;
    const create = collectionOps.find((o) => o.method === 'post');
    const list = collectionOps.find((o) => o.method === 'get' && listSchema(o) !== undefined);
    if (!create && !list) continue;
    const names = wrapperNames(collectionPath);
    const record = recordSchema(itemOps.find((o) => o.method === 'get'), create, itemOps, list, names);
    if (!record) continue;
    const itemParam = itemPath.slice(itemPath.lastIndexOf('{') + 1, -1);
    const properties = record.properties ?? {};
    const idField = idFieldOf(itemParam, properties, collectionPath);
    // An id must fit the record's id property and every path parameter that addresses it, nested
    // paths included (a document may say `uuid` for it only under /things/{thingId}/parts).
    const paramSchemas = operations
      .filter((o) => o.path === itemPath || o.path.startsWith(`${itemPath}/`))
      .flatMap((o) => o.parameters.filter((p) => p.in === 'path' && p.name === itemParam).map((p) => p.schema as Schema | undefined));
    const idSchemas = [idField ? assertNoRef(properties[idField] as Schema) : undefined, ...paramSchemas].filter((s): s is Schema => s !== undefined).map(mergedOrSelf);
    const idSchema = idSchemas.length === 0 ? undefined : mergedIdSchema(idSchemas);
    const idKind = idSchemas.some((s) => s.type === 'integer' || s.type === 'number') ? 'integer' : idSchemas.some((s) => s.format === 'uuid') ? 'uuid' : 'string';
    const parentPath = collectionPath.slice(0, collectionPath.lastIndexOf('/'));
    const idExamples = idExamplesOf(operations.filter((o) => o.path === itemPath || o.path.startsWith(`${itemPath}/`)), itemParam, idKind);
    const idExample = idExamples[0];
    const resource: Resource = {
      name: lastLiteral(collectionPath),
      collectionPath,
      itemPath,
      itemParam,
      idField,
      idKind,
      ...(idSchema ? { idSchema } : {}),
      ...(idKind === 'integer' ? integerRange(idSchemas) : {}),
      ...(idExample === undefined ? {} : { idExample, idExamples }),
      record,
      parent: /\}$/.test(parentPath) ? found.get(parentPath) : undefined,
      examples: [...itemOps, ...(create ? [create] : [])].flatMap((op) => recordExamples(op, names)).filter(isPlainObject),
      wrapperNames: names,
      ...(!create && itemOps.some((o) => o.method === 'put' && successStatus(o) && jsonSchemaOf(o.requestBody?.content)) ? { putCreates: true } : {}),
    };
    found.set(itemPath, resource);
    // An operation that documents no success answer (only errors) has nothing CRUD could answer.
    if (create && successStatus(create)) actions.set(create, { resource, action: 'create' });
    if (list) actions.set(list, { resource, action: 'list' });
    for (const op of itemOps) {
      const action = ITEM_ACTIONS[op.method];
      if (action && successStatus(op)) actions.set(op, { resource, action });
    }
  }
  inferSingletons(byPath, found, actions);
  const resources = [...found.values()];
  // Records keyed by another resource's ids (`/store/inventory/{petId}`) are that record's, not made by naming them.
  const plain = resources.filter((r) => !r.singleton);
  const describe = (r: Resource) => ({ collectionPath: r.collectionPath, itemParam: r.itemParam, idType: r.idKind === 'integer' ? ('integer' as const) : ('string' as const) });
  for (const r of plain) if (r.putCreates && referenceTarget(r.itemParam, plain.filter((o) => o !== r), describe)) delete r.putCreates;
  const counts = new Map<string, number>();
  for (const r of resources) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  for (const r of resources) if (counts.get(r.name)! > 1) r.name = r.collectionPath;
  return { resources, actionOf: (op) => actions.get(op) };
}

const SINGLETON_ACTIONS: Partial<Record<Operation['method'], CrudAction>> = { get: 'singleton-read', put: 'singleton-replace', patch: 'singleton-update', delete: 'singleton-delete' };

/**
 * Singletons: a path no resource claimed where a GET reads what a PUT or PATCH on the same path
 * writes (`/user`, `/board/{row}/{column}`, `/things/{thingId}/settings`). Under an item path of
 * a resource, there is one per parent record. A GET answering a list is not one.
 */
function inferSingletons(byPath: ReadonlyMap<string, Operation[]>, found: Map<string, Resource>, actions: Map<Operation, { resource: Resource; action: CrudAction }>): void {
  for (const [path, ops] of byPath) {
    if (ops.some((o) => actions.has(o))) continue;
    const read = ops.find((o) => o.method === 'get');
    const write = ops.find((o) => (o.method === 'put' || o.method === 'patch') && jsonSchemaOf(o.requestBody?.content) !== undefined);
    const readSchema = read && successStatus(read) ? jsonSchemaOf(successStatus(read)!.response.content) : undefined;
    if (!read || !write || !readSchema || listSchema(read) !== undefined) continue;
    const parent = [...found.values()].filter((r) => !r.singleton && path.startsWith(`${r.itemPath}/`)).sort((a, b) => b.itemPath.length - a.itemPath.length)[0];
    const keyParams = [...path.slice(parent ? parent.itemPath.length : 0).matchAll(/\{([^}/]+)\}/g)].map((m) => m[1]!);
    const names = wrapperNames(path);
    const record = unwrapped(objectSchema(readSchema), names) ?? mergedOrUndefined(readSchema);
    if (!record) continue;
    const resource: Resource = {
      name: lastLiteral(path),
      collectionPath: path,
      itemPath: path,
      itemParam: '',
      idField: undefined,
      idKind: 'string',
      record,
      parent,
      examples: [read, write].flatMap((op) => recordExamples(op, names)).filter(isPlainObject),
      wrapperNames: names,
      singleton: { keyParams },
    };
    found.set(path, resource);
    for (const op of ops) {
      const action = SINGLETON_ACTIONS[op.method];
      if (action && successStatus(op)) actions.set(op, { resource, action });
    }
  }
}

function mergedOrUndefined(schema: Schema): MergedSchema | undefined {
  try {
    return mergeAllOf(assertNoRef(schema));
  } catch {
    return undefined;
  }
}

/** The record inside a wrapper schema (`{article: Article}` -> Article); the schema itself when it wraps nothing. */
function unwrapped(schema: MergedSchema | undefined, names: ReadonlySet<string>): MergedSchema | undefined {
  const property = wrapperProperty(schema, names);
  return property ? objectSchema(schema!.properties![property] as Schema) : schema;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function jsonSchemaOf(content: Readonly<Record<string, MediaType>> | undefined): Schema | undefined {
  if (!content) return undefined;
  const type = jsonKey(content);
  return type ? (content[type]!.schema as Schema | undefined) : undefined;
}

/** A JSON media type key, else `*\/*` (a Swagger 2.0 operation without `produces`, converted). */
function jsonKey(content: Readonly<Record<string, MediaType>>): string | undefined {
  const types = Object.keys(content);
  return types.find((t) => isJsonType(t) && t !== '*/*') ?? types.find((t) => t === '*/*');
}

/** An object schema, allOf merged, or a union of object schemas (union-record.ts); undefined for anything else. */
function objectSchema(schema: Schema | undefined): MergedSchema | undefined {
  const merged = recordObjectSchema(schema);
  return merged && (merged.type === undefined || merged.type === 'object') ? merged : undefined;
}

/** The schema of the records a list answers, and where they are in its body. */
export function listSchema(op: Operation): { items: MergedSchema; property: string | undefined } | undefined {
  const success = successStatus(op);
  const schema = success ? jsonSchemaOf(success.response.content) : undefined;
  if (!schema) return undefined;
  let merged: MergedSchema;
  try {
    merged = mergeAllOf(assertNoRef(schema));
  } catch {
    return undefined; // allOf parts that cannot all hold: not a list the engine can fill
  }
  if (merged.type === 'array') {
    const items = objectSchema(merged.items as Schema | undefined);
    return items ? { items, property: undefined } : undefined;
  }
  const property = envelopeProperty(merged);
  if (!property) return undefined;
  const items = objectSchema(propertySchema(merged, property)?.items as Schema | undefined);
  return items ? { items, property } : undefined;
}

/**
 * A property of a merged schema, its own `allOf` merged too: two allOf parts that both name
 * `data` (a generic wrapper's `data: array of object` and the list's `data: array of Booking`, as
 * the Train Travel API writes its lists) leave `data: {allOf: [...]}` after the top-level merge.
 */
function propertySchema(schema: MergedSchema, name: string): MergedSchema | undefined {
  try {
    return mergeAllOf(assertNoRef(schema.properties![name] as Schema));
  } catch {
    return undefined;
  }
}

const ENVELOPE_NAMES = ['data', 'items', 'results', 'records', 'content', 'entries', 'values', 'list'];

/** The array property of an envelope object: a well-known name first, else the only array of objects. */
function envelopeProperty(schema: MergedSchema): string | undefined {
  const properties = schema.properties;
  if (!properties) return undefined;
  const arrays = Object.keys(properties).filter((name) => {
    const p = propertySchema(schema, name);
    return p?.type === 'array' && objectSchema(p.items as Schema | undefined) !== undefined;
  });
  return arrays.find((n) => ENVELOPE_NAMES.includes(n.toLowerCase())) ?? (arrays.length === 1 && !namesAnEnvelope(properties) ? arrays[0] : undefined);
}

/**
 * Whether a well-known list property is there in a shape the model cannot read (OPTIMADE's `data`,
 * an anyOf of arrays): then the only plain array of objects beside it (its `errors`) is not the
 * list, and guessing it filled `errors` with records.
 */
export function namesAnEnvelope(properties: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(properties).some((name) => ENVELOPE_NAMES.includes(name.toLowerCase()));
}

function recordSchema(read: Operation | undefined, create: Operation | undefined, itemOps: readonly Operation[], list: Operation | undefined, names: ReadonlySet<string>): MergedSchema | undefined {
  const answer = (op: Operation | undefined) => (op ? unwrapped(objectSchema(jsonSchemaOf(successStatus(op)?.response.content)), names) : undefined);
  return (
    answer(read) ??
    answer(create) ??
    answer(itemOps.find((o) => o.method === 'put')) ??
    (list ? listSchema(list)?.items : undefined) ??
    unwrapped(objectSchema(jsonSchemaOf(create?.requestBody?.content)), names)
  );
}

/** The examples of an operation's success answer (a record, for the item operations and create), unwrapped. */
function recordExamples(op: Operation, names: ReadonlySet<string>): unknown[] {
  const content = (successStatus(op)?.response as Response | undefined)?.content;
  const type = content ? jsonKey(content) : undefined;
  const media = type ? content![type]! : undefined;
  if (!media) return [];
  const out = Object.values((media.examples ?? {}) as Record<string, { value?: unknown }>).filter((e) => e && 'value' in e).map((e) => e.value);
  if (media.example !== undefined) out.push(media.example);
  const property = wrapperProperty(objectSchema(media.schema as Schema | undefined), names);
  return out.map((e) => unwrapRecord(e, property));
}

/**
 * The integers every id schema allows, when one bounds them (`minimum: 1, maximum: 10`, or 3.1's
 * `exclusiveMinimum: 1`): ids are made inside, or reads of them would be refused.
 */
/** `schema` with its allOf folded in (an id is often `allOf: [{$ref: Id}, {description}]`), else as it is. */
function mergedOrSelf(schema: Schema): MergedSchema {
  try {
    return mergeAllOf(schema);
  } catch {
    return schema;
  }
}

/** One schema every id schema holds in, when they can all hold together. */
function mergedIdSchema(schemas: readonly MergedSchema[]): MergedSchema | undefined {
  try {
    return mergeAllOf({ allOf: schemas as Schema[] });
  } catch {
    return undefined;
  }
}

function integerRange(schemas: readonly Schema[]): { idRange?: { low: number; high: number } } {
  let low = 1;
  let high = Number.MAX_SAFE_INTEGER;
  for (const schema of schemas) {
    const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, format } = schema as Record<string, unknown>;
    // `format: int32` bounds the id as `maximum` would (issue 20: ids past it broke the answers).
    if (format === 'int32') high = Math.min(high, 2 ** 31 - 1);
    if (typeof minimum === 'number') low = Math.max(low, Math.ceil(minimum) + (exclusiveMinimum === true ? 1 : 0));
    if (typeof exclusiveMinimum === 'number') low = Math.max(low, Math.floor(exclusiveMinimum) + 1);
    if (typeof maximum === 'number') high = Math.min(high, Math.floor(maximum) - (exclusiveMaximum === true ? 1 : 0));
    if (typeof exclusiveMaximum === 'number') high = Math.min(high, Math.ceil(exclusiveMaximum) - 1);
  }
  return low === 1 && high === Number.MAX_SAFE_INTEGER ? {} : { idRange: { low, high } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The documented values of the item parameter (its examples, named examples, schema example or default) that fit the id kind, the read's first. */
function idExamplesOf(operations: readonly Operation[], itemParam: string, idKind: Resource['idKind']): (string | number)[] {
  const found: (string | number)[] = [];
  // The read's own examples first: the id a client reading the document's example request sends.
  const ordered = [...operations].sort((a, b) => Number(b.method === 'get') - Number(a.method === 'get'));
  for (const op of ordered) {
    const param = op.parameters.find((p) => p.in === 'path' && p.name === itemParam);
    // `example`, then each of `examples` (Azure's documents name one per operation), then the schema's
    // example and `default`, where the runner reads a documented value too (contract/parameter-values.ts; Front: `default: cha_123`).
    const named = Object.values((param?.examples ?? {}) as Record<string, { value?: unknown } | undefined>).map((e) => e?.value);
    const schema = param?.schema as Schema | undefined;
    for (const example of [param?.example, ...named, schema?.example, schema?.default]) {
      if (idKind === 'integer' ? Number.isSafeInteger(example) && (example as number) > 0 : typeof example === 'string' && example !== '' && (idKind !== 'uuid' || UUID.test(example))) {
        if (!found.includes(example as string | number)) found.push(example as string | number);
      }
    }
  }
  return found;
}
