import type { Faker } from '@faker-js/faker';
import { ApiError } from '../../core/errors.js';
import { fakeFromSchema } from '../../generation/fake-value.js';
import type { MergedSchema } from '../../spec/merge-all-of.js';
import type { MediaType, Response, Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { idFieldOf, unwrapRecord, wrapperProperty } from '../../spec/record-wrapper.js';
import type { RecordStore, StoredRecord } from '../../store/record-store.js';
import type { Behaviour, BehaviourContext, OperationResult } from '../behaviour.js';
import { chooseMedia, requiredHeaders, successStatus } from '../documented-responses.js';
import { encodeBody } from '../media-body.js';
import { jsonSchemaOf, listSchema, storedId, type CrudAction, type Resource } from '../../spec/resource-model.js';
import { envelopeBody } from './list-answer.js';
import { singletonHandler } from './singleton-behaviour.js';
import type { AnswerWriter, RequestUnwrapper } from './crud-handler-types.js';
import { scopeOf } from './record-scope.js';
import { cursorAt, pageLinks, pagingOf, windowOf } from './paging.js';
import { answerOf, mergePatch, objectSchemaOf, recordFromInput } from './record-shape.js';
import { serverTimes } from './server-times.js';

const PREFERRED: Record<CrudAction, readonly string[]> = {
  create: ['201', '200', '202'],
  list: ['200'],
  read: ['200'],
  replace: ['200', '204'],
  update: ['200', '204'],
  delete: ['204', '200', '202'],
  'singleton-read': ['200'],
  'singleton-replace': ['200', '204'],
  'singleton-update': ['200', '204'],
  'singleton-delete': ['204', '200', '202'],
};

/** The behaviour of one CRUD operation of an inferred resource; everything read from the document is read here, once. */
export function crudBehaviour(resource: Resource, action: CrudAction, operation: Operation): Behaviour {
  const success = successStatus(operation, PREFERRED[action])!;
  const answer = answerWriter(success.status, success.response, resource.wrapperNames);
  const kind = `crud:${action}`;
  const unwrap = requestUnwrapper(operation, resource);
  const writable = writableFields(operation, resource);
  const handle = action === 'list' ? listHandler(resource, operation, answer) : resource.singleton ? singletonHandler(resource, action, answer, unwrap) : itemHandler(resource, action, answer, unwrap, writable, createdWriter(resource, action, operation), answerIdField(resource, action, success.response));
  return { kind, resource: resource.name, handle };
}

/** The 201 answer of a PUT that creates (Resource.putCreates), where the operation documents one. */
function createdWriter(resource: Resource, action: CrudAction, operation: Operation): AnswerWriter | undefined {
  const response = action === 'replace' && resource.putCreates ? operation.responses['201'] : undefined;
  return response ? answerWriter(201, response, resource.wrapperNames) : undefined;
}

/** The record a request sends: the body, or what it wraps (`{article: {...}}`) where its schema wraps one. */
function requestUnwrapper(operation: Operation, resource: Resource): RequestUnwrapper {
  const property = wrapperProperty(objectSchemaOf(jsonSchemaOf(operation.requestBody?.content)), resource.wrapperNames, resource.record);
  return (body) => unwrapRecord(body, property);
}

/** The fields a write's own request schema lets the client set (not `readOnly` there). */
function writableFields(operation: Operation, resource: Resource): ReadonlySet<string> {
  const outer = objectSchemaOf(jsonSchemaOf(operation.requestBody?.content));
  const wrapper = wrapperProperty(outer, resource.wrapperNames, resource.record);
  const schema = wrapper ? objectSchemaOf(outer!.properties![wrapper] as Schema) : outer;
  return new Set(Object.entries(schema?.properties ?? {}).filter(([, p]) => (p as Schema).readOnly !== true).map(([name]) => name));
}

/**
 * Writes the documented success answer for a record: projected to the response schema (inside
 * its wrapper, where the schema wraps the record in one property), with the documented headers.
 */
function answerWriter(status: number, response: Response, names: ReadonlySet<string>): AnswerWriter {
  const schema = jsonSchemaOf(response.content);
  const outer = objectSchemaOf(schema);
  const wrapper = wrapperProperty(outer, names);
  const record = wrapper ? objectSchemaOf(outer!.properties![wrapper] as Schema) : outer;
  const documented = Object.keys(response.headers ?? {});
  const hasBody = schema !== undefined && status !== 204;
  // Content documented only in a type that is not JSON (Prowlarr's log file as text/plain): that type's body, not none.
  const other = schema === undefined && status !== 204 ? chooseMedia(response.content) : undefined;
  return (stored, ctx, extra = {}, given) => {
    const headers = requiredHeaders(response, ctx.faker, ctx.answerHeaders);
    for (const [name, value] of Object.entries(extra)) {
      const as = documented.find((d) => d.toLowerCase() === name.toLowerCase());
      if (as) headers[as] = value;
    }
    if (!hasBody) return other ? { status, headers, ...otherMediaBody(other, ctx.faker) } : { status, headers };
    if (given !== undefined) return { status, headers, body: given };
    if (!record || !stored) return { status, headers, body: fakeFromSchema(schema, ctx.faker) };
    const answered = answerOf(record, stored, ctx.faker);
    return { status, headers, body: wrapper ? { [wrapper]: answered } : answered };
  };
}

/** A generated body of a documented media type that is not JSON, with its Content-Type. */
function otherMediaBody(other: { type: string; media: MediaType }, faker: Faker): { body: unknown; contentType: string } {
  const schema = other.media.schema as Schema | undefined;
  const encoded = encodeBody(schema ? fakeFromSchema(schema, faker) : faker.lorem.sentence(), other.type, faker, schema);
  return { body: encoded.body, contentType: encoded.contentType ?? other.type };
}

/**
 * The field a create's answer names the new record's id by, where the record itself has no id
 * field (VTEX's POST answers `{Href, Id}` for records of `{campo1, ...}`): without it the answer
 * gave a generated `Id`, and a client reading that id read and deleted a record that was not there.
 */
function answerIdField(resource: Resource, action: CrudAction, response: Response): string | undefined {
  if (action !== 'create' || resource.idField !== undefined) return undefined;
  const outer = objectSchemaOf(jsonSchemaOf(response.content));
  const wrapper = wrapperProperty(outer, resource.wrapperNames);
  const record = wrapper ? objectSchemaOf(outer!.properties![wrapper] as Schema) : outer;
  return record?.properties ? idFieldOf(resource.itemParam, record.properties, resource.collectionPath) : undefined;
}

/** `created` answers a PUT that made its record, where the operation documents a 201 for it; `idField` is answerIdField's. */
function itemHandler(resource: Resource, action: CrudAction, answer: AnswerWriter, unwrap: RequestUnwrapper, writable: ReadonlySet<string>, created?: AnswerWriter, idField?: string): Behaviour['handle'] {
  return async (ctx) => {
    const records = ctx.state.records;
    const scope = await scopeOf(resource, ctx, records);
    const body = unwrap(ctx.valid.body);
    if (action === 'create') {
      const id = await newId(resource, body, ctx, records, scope);
      const record = recordFromInput(resource.record, body, undefined, serverFields(resource, ctx, id, true), ctx.faker);
      await records.put(resource.name, scope, id, record);
      return answer(idField ? { ...record, [idField]: id } : record, ctx, { Location: `${ctx.path}/${encodeURIComponent(id)}` });
    }
    const id = String(ctx.valid.path[resource.itemParam]);
    const old = await records.get(resource.name, scope, id);
    if (!old && action === 'replace' && resource.putCreates) {
      const record = recordFromInput(resource.record, body, undefined, serverFields(resource, ctx, id, true), ctx.faker, writable);
      await records.put(resource.name, scope, id, record);
      return (created ?? answer)(record, ctx);
    }
    if (!old) throw new ApiError('not_found', `No ${resource.name} record with id ${id.slice(0, 100)}`);
    if (action === 'read') return answer(old, ctx);
    if (action === 'delete') {
      await records.remove(resource.name, scope, id);
      return answer(old, ctx);
    }
    const input = action === 'update' ? mergePatch(old, body) : body;
    const record = recordFromInput(resource.record, input, old, serverFields(resource, ctx, id, false), ctx.faker, writable);
    await records.put(resource.name, scope, id, record);
    return answer(record, ctx);
  };
}

function listHandler(resource: Resource, operation: Operation, answer: AnswerWriter): Behaviour['handle'] {
  const paging = pagingOf(operation);
  const shape = listSchema(operation)!;
  const fields = new Set(Object.keys(resource.record.properties ?? {}));
  const filters = operation.parameters.filter((p) => p.in === 'query' && fields.has(p.name) && ![paging.limitParam, paging.offsetParam, paging.pageParam, paging.cursorParam].includes(p.name)).map((p) => p.name);
  const envelope = shape.property === undefined ? undefined : (objectSchemaOf(jsonSchemaOf(successStatus(operation)!.response.content)) ?? undefined);
  return async (ctx) => {
    const scope = await scopeOf(resource, ctx, ctx.state.records);
    const query = ctx.valid.query;
    const matching = (await ctx.state.records.list(resource.name, scope)).filter((record) => filters.every((name) => matches(record[name], query[name])));
    const { offset, limit, page } = windowOf(paging, query);
    const items = matching.slice(offset, offset + limit).map((record) => answerOf(shape.items, record, ctx.faker));
    const end = offset + items.length;
    const next = end < matching.length ? cursorAt(end) : null;
    const body = envelope ? envelopeBody(envelope, shape.property!, { items, total: matching.length, offset, limit, page, next }, ctx.faker) : items;
    const extra: Record<string, string> = { 'X-Total-Count': String(matching.length) };
    const links = pageLinks(ctx.path, query, paging, offset, limit, matching.length);
    if (links) extra.Link = links;
    return answer(undefined, ctx, extra, body);
  };
}

function matches(value: unknown, wanted: unknown): boolean {
  if (wanted === undefined) return true;
  if (Array.isArray(wanted)) return wanted.length === 0 || wanted.some((w) => String(w) === String(value));
  return String(wanted) === String(value);
}

/**
 * The id field, a field naming the parent (`ownerId` under `/owners/{ownerId}`) and the times the
 * write stamps (src/engine/crud/server-times.ts), set by the server.
 */
function serverFields(resource: Resource, ctx: BehaviourContext, id: string, creating: boolean): Record<string, unknown> {
  const fields: Record<string, unknown> = serverTimes(resource.record, ctx.now, creating);
  const properties = (resource.record.properties ?? {}) as Record<string, Schema>;
  if (resource.idField) fields[resource.idField] = storedId(resource, id);
  if (resource.parent && Object.hasOwn(properties, resource.parent.itemParam) && namesParent(resource, resource.parent.itemParam)) {
    const value = ctx.valid.path[resource.parent.itemParam];
    const type = (properties[resource.parent.itemParam] as Schema).type;
    fields[resource.parent.itemParam] = type === 'integer' || type === 'number' ? Number(value) : String(value);
  }
  return fields;
}

/**
 * Whether the child's field of the parent parameter's name holds the parent's key: not when it is
 * the child's own key, nor a bare key name (`/plans/{code}/charges`: a charge's `code` is its own).
 */
export function namesParent(resource: Resource, name: string): boolean {
  return name !== resource.idField && !BARE_KEYS.has(name.toLowerCase());
}

const BARE_KEYS = new Set(['id', 'code', 'key', 'name', 'slug', 'uid', 'uuid']);

/** The client's id when the body carries one (and the field is not read-only), else one the server makes. */
async function newId(resource: Resource, input: unknown, ctx: BehaviourContext, records: RecordStore, scope: string): Promise<string> {
  const body = input as Record<string, unknown> | undefined;
  const given = resource.idField && body && typeof body === 'object' ? body[resource.idField] : undefined;
  const idSchema = resource.idField ? (resource.record.properties![resource.idField] as Schema) : undefined;
  if ((typeof given === 'string' || typeof given === 'number') && !idSchema?.readOnly) return String(given);
  return makeId(resource, records, scope, ctx.faker);
}

/** A fresh id for a new record, of the kind and the constraints every id schema of the resource sets. */
export async function makeId(resource: Resource, records: RecordStore, scope: string, faker: Faker): Promise<string> {
  const id = await freshId(resource, records, scope, faker);
  if (id === undefined) throw new ApiError('internal_error', `No fresh id is left for a new ${resource.name} record`);
  return id;
}

/** A fresh id, or undefined when a few tries find none: an id schema with few values (an enum) can run out. */
export async function freshId(resource: Resource, records: RecordStore, scope: string, faker: Faker): Promise<string | undefined> {
  const idSchema = resource.idSchema;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    let id: string;
    if (resource.idKind === 'integer') id = String(await integerId(resource, records, faker));
    else if (resource.idKind === 'uuid') id = faker.string.uuid();
    else id = idSchema && constrainsString(idSchema) ? String(fakeFromSchema({ ...idSchema, type: 'string' }, faker)) : faker.string.alphanumeric(12);
    if (!(await records.get(resource.name, scope, id))) return id;
  }
  return undefined;
}

/** Whether a plain 12-character id might not fit: the schema sets a pattern, format, enum or length. */
function constrainsString(schema: MergedSchema): boolean {
  return Boolean(schema.pattern || schema.patterns?.length || schema.format || schema.enum || (schema as { const?: unknown }).const !== undefined || schema.minLength !== undefined || schema.maxLength !== undefined);
}

/**
 * The next of the sequence, moved into the id schemas' range; once the sequence has passed the
 * top of a bounded range, an integer of the range at random (the caller tries again if taken).
 */
async function integerId(resource: Resource, records: RecordStore, faker: Faker): Promise<number> {
  const range = resource.idRange;
  if (!range) return records.nextId(resource.name);
  if (range.high < range.low) throw new ApiError('internal_error', `The id schemas of ${resource.name} allow no integer`);
  const next = (await records.nextId(resource.name)) + range.low - 1;
  return next <= range.high ? next : faker.number.int({ min: range.low, max: range.high });
}
