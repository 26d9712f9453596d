import fc from 'fast-check';
import type { Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import type { CaseRun } from '../case-run.js';
import { documents, successStatuses } from '../documented-response.js';
import { answeredRecord, recordSchemaOf, sentRecord, shownProperties } from '../record-bodies.js';
import type { Failure } from '../events.js';
import type { RequestTemplate } from '../request-template.js';
import { idFromBody, itemPathParams, type Resource } from '../resources.js';
import { idFieldOf } from '../../spec/record-wrapper.js';
import { requestSchema } from '../sample-value.js';
import { guard, runGenerated } from './generated-run.js';
import { checkWalks, describe, filterParameters, matches, walkList, type Row, type Walk } from './list-checks.js';
import { listPaging, type ListPaging } from './list-paging.js';
import { arbitraryFor, PLAIN_TEXT } from './schema-arbitrary.js';
import { keepsReference, putKeeps } from './stateful-models.js';
import { needsTwin, patchDifferences, putDifferences, writableFields } from './write-semantics.js';

/**
 * What the model knows: only the records this sequence created (the server may hold others, and
 * other clients may change them), the ids it has seen, and what it deleted.
 */
interface Model {
  mine: Map<string, Row>;
  gone: Set<string>;
  /** Ids this sequence saw (created or listed). */
  seen: Set<string>;
  /** Ids earlier sequences of the case saw, and the first id one of this sequence's creates reused from them. */
  earlier: Set<string>;
  reusedEarlier?: string;
}

interface Api {
  run: CaseRun;
  resource: Resource;
  fixed: Record<string, unknown>;
  updates: Operation[];
  list: Operation | undefined;
  limits: { min: number; max: number };
  paging: ListPaging;
}

type Step = fc.AsyncCommand<Model, Api>;
/** The record's key field, by the resource model's rule (record-wrapper.ts `idFieldOf`), else `id`. */
const keyField = (resource: Resource, row: Row | undefined) => (row ? idFieldOf(resource.idParam, row, resource.collectionPath) : undefined) ?? 'id';
const keyOf = (resource: Resource, row: Row) => String(row[keyField(resource, row)]);
const pick = (model: Model, i: number) => [...model.mine.keys()][i % model.mine.size]!;
const fail = (api: Api, failure: Failure) => void api.run.failures.push(failure);

/**
 * The stateful phase for one resource: random sequences of create, read, update, delete and list,
 * against a real server and a small model, checked after each step; fast-check shrinks a failing
 * sequence to the shortest that still fails.
 */
export async function runStatefulCase(run: CaseRun, setUp: () => Promise<void>): Promise<void> {
  await setUp();
  guard(run);
  const { ctx, planned } = run;
  const resource = [...ctx.plan.resources.values()].find((r) => r.create.operationId === planned.operationId)!;
  const fixed: Record<string, unknown> = {};
  for (const [field, fixture] of Object.entries(planned.request.body?.refs ?? {})) fixed[field] = run.ids.get(fixture);
  const updates = ctx.plan.index.operations.filter((o) => o.path === resource.itemPath && (o.method === 'put' || o.method === 'patch') && requestSchema(o));
  const list = ctx.plan.index.operations.find((o) => o.method === 'get' && o.path === resource.collectionPath);
  const paging = listPaging(list);
  const api: Api = { run, resource, fixed, updates, list, limits: { min: paging.limit?.min ?? 1, max: paging.limit?.max ?? 100 }, paging };
  const filters = list ? filterParameters(run, resource) : [];
  const create = arbitraryFor(keyedSchema(requestSchema(resource.create) ?? {}, resource.idParam), fixed).map((body) => new Create(body));
  const steps: fc.Arbitrary<Step>[] = [create];
  if (resource.read) steps.push(fc.nat().map((i) => new Read(i)));
  // Writes twice as often as the other steps: what a PUT or PATCH keeps, resets or replaces is what a model sees best.
  for (const update of updates) steps.push(...Array<fc.Arbitrary<Step>>(2).fill(fc.tuple(fc.nat(), updateBody(requestSchema(update)!, fixed)).map(([i, body]) => new Update(update, i, body))));
  if (resource.remove) steps.push(fc.nat().map((i) => new Delete(i)));
  const listOf = (minLength: number) => fc.tuple(fc.subarray(filters.map((f) => f.name), { minLength: Math.min(minLength, filters.length), maxLength: Math.min(2, filters.length) }), fc.nat(), fc.integer({ min: api.limits.min, max: Math.max(api.limits.min, Math.min(api.limits.max, 5)) })).map(([names, i, small]) => new List(names, i, small, filters));
  if (list) steps.push(listOf(0));
  for (const reference of references(run, fixed)) steps.push(fc.constant(new DeleteReferenced(reference)));
  // Every sequence ends with a list audit (a pair of filters where there are two), so what a
  // sequence created or deleted is always checked against the list, not only when a List step follows.
  // Ids are never reused, across the sequences of the case too (each cleans up what it created).
  // A reuse within one sequence fails it, so it shrinks to a repro that replays alone on a fresh
  // server (create, delete, create); a reuse of an id only an earlier sequence saw cannot, so it
  // is reported after the run (beside what the shrunk sequence found), unless a sequence showed a reuse alone.
  const earlier = new Set<string>();
  let reusedEarlier: { id: string; operationId: string } | undefined;
  // Every sequence starts with a create (a step on a record needs one: a step whose precondition
  // fails is skipped), then 1 to 6 steps: fc.commands' sequences were mostly none or one step long.
  const sequences = fc.tuple(create, fc.array(fc.oneof(...steps), { minLength: 1, maxLength: 6 }), list ? listOf(2).map((l) => l as List | undefined) : fc.constant(undefined));
  await runGenerated(run, sequences, async ([first, commands, audit]) => {
    const model: Model = { mine: new Map(), gone: new Set(), seen: new Set(), earlier };
    try {
      await first.run(model, api);
      await fc.asyncModelRun(() => ({ model, real: api }), commands);
      if (audit) await audit.run(model, api);
    } finally {
      if (model.reusedEarlier !== undefined) reusedEarlier ??= { id: model.reusedEarlier, operationId: resource.create.operationId };
      for (const id of model.seen) earlier.add(id);
    }
  }, ctx.options.maxExamples);
  // An id given again is use_after_free at $.id (a deleted record still reading is use_after_free at the status).
  if (reusedEarlier && !run.failures.some((f) => f.check === USE_AFTER_FREE && f.location === '$.id')) {
    fail(api, { check: USE_AFTER_FREE, message: `${reusedEarlier.operationId} gave id ${reusedEarlier.id}, which a record of an earlier sequence had (freed by its DELETE or the case's cleanup; the --seed command line replays it, the curl script of one sequence cannot)`, actual: reusedEarlier.id, location: '$.id' });
  }
}

/**
 * A create body whose record names its own key (`username` of /user/{username}): the key is a
 * path segment, so it is never generated empty (a record at `/user/` cannot be read back), and
 * stays printable ASCII (it comes back in a Location header).
 */
function keyedSchema(schema: Schema, key: string): Schema {
  const property = schema.properties?.[key] as Schema | undefined;
  if (!property || property.type !== 'string') return schema;
  const plain = { ...property, minLength: Math.max(1, property.minLength ?? 0), [PLAIN_TEXT]: true } as Schema;
  return { ...schema, properties: { ...schema.properties, [key]: plain } };
}

interface Reference {
  field: string;
  parent: Resource;
  parentId: unknown;
}

/**
 * Records this resource's bodies refer to (a fixture named by a body field, `categoryId`) whose
 * DELETE the document says may be refused for state (409): deleting one still referred to must be
 * refused, or take the referring records with it; never leave them naming a record that is gone.
 */
function references(run: CaseRun, fixed: Record<string, unknown>): Reference[] {
  const out: Reference[] = [];
  for (const [field, fixture] of Object.entries(run.planned.request.body?.refs ?? {})) {
    const parent = run.ctx.plan.resources.get(fixture);
    if (parent?.remove && parent.remove.responses['409'] && fixed[field] !== undefined) out.push({ field, parent, parentId: fixed[field] });
  }
  return out;
}

function template(api: Api, operation: Operation, id: string | undefined, body?: unknown): RequestTemplate {
  // A nested resource's records live under their parent: its id (a fixture of the case) fills the path.
  const { [api.resource.idParam]: _own, ...parents } = itemPathParams(api.run.ctx.plan.resources, api.resource, undefined, api.run.ids);
  const pathParams = id === undefined ? parents : { ...parents, [api.resource.idParam]: { value: toId(id) } };
  const t: RequestTemplate = { operationId: operation.operationId, pathParams, query: {}, credentials: 'api-key' };
  if (body !== undefined) t.body = { value: body, refs: {} };
  return t;
}

/**
 * An update body that leaves out each optional member one time in two (fc.record keeps it 85 % of
 * the time): what a PUT or PATCH does with a member it was not sent is what the model checks.
 */
function updateBody(schema: Schema, fixed: Record<string, unknown>): fc.Arbitrary<unknown> {
  const optional = Object.keys(schema.properties ?? {}).filter((k) => !(schema.required ?? []).includes(k) && !(k in fixed));
  return fc.tuple(arbitraryFor(schema, fixed), fc.subarray(optional)).map(([body, left]) => (isObject(body) ? Object.fromEntries(Object.entries(body).filter(([k]) => !left.includes(k))) : body));
}

/** Schemathesis's name: a record deleted is read back, or its id given to a new record. */
const USE_AFTER_FREE = 'use_after_free';

const toId = (id: string): unknown => (/^\d{1,15}$/.test(id) ? Number(id) : id);

/** Statuses a step may get besides 2xx: the documented state refusals (409, 422), which leave the model as it was. */
const refusals = (operation: Operation) => ['409', '422'].filter((s) => operation.responses[s]);

async function readBack(api: Api, id: string): Promise<{ status: number; row: Row | undefined }> {
  const exchange = await api.run.get(api.run.itemUrl(api.resource, toId(id)));
  guard(api.run);
  const status = exchange?.response.status ?? 0;
  // Inside its wrapper where the document wraps the record (`{article: {...}}`, decision 034).
  return { status, row: (api.resource.read ? answeredRecord(api.resource.read, status, exchange?.response.body) : exchange?.response.body) as Row | undefined };
}

/** Fields of `sent` that `row` does not hold as sent (an object sent is held when its fields are: a merge keeps the others). */
function differences(sent: Row, row: Row | undefined): string[] {
  return Object.keys(sent).filter((k) => !holds(row?.[k], sent[k]));
}

function holds(got: unknown, sent: unknown): boolean {
  if (isObject(sent) && isObject(got)) return Object.keys(sent).every((k) => holds(got[k], sent[k]));
  return JSON.stringify(sent) === JSON.stringify(got);
}

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The JSON type of a value as JSON Schema names it. */
function jsonType(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * What a write sent that its read-back can show: the fields the read's answer schema names (a
 * Resend email is sent with `to`, which its GET does not answer), less the record's key, which the
 * path addresses (a PUT /user/{username} that sends another username is not read back there).
 */
function readable(api: Api, sent: Row): Row {
  const shown = api.resource.read ? shownProperties(api.resource.read, 200) : undefined;
  return Object.fromEntries(Object.entries(sent).filter(([k, v]) => k !== api.resource.idParam && (!shown || (shown.has(k) && canHold(shown.get(k), v)))));
}

/** Whether a read's property schema can hold a value as sent: a `to` sent as one string and read as an array of them cannot. */
function canHold(schema: unknown, value: unknown): boolean {
  const declared = (schema as { type?: unknown } | undefined)?.type;
  if (declared === undefined) return true;
  const types = Array.isArray(declared) ? declared : [declared];
  const type = jsonType(value);
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

class Create implements Step {
  constructor(readonly body: unknown) {}
  check = () => true;
  run = async (model: Model, api: Api): Promise<void> => void (await createRecord(model, api, this.body));
  toString = () => `create ${JSON.stringify(this.body)}`;
}

/** Creates a record, checks its id and that it reads back as sent; its id, or undefined when refused. */
async function createRecord(model: Model, api: Api, body: unknown): Promise<string | undefined> {
  const op = api.resource.create;
  const { exchange } = await api.run.send(template(api, op, undefined, body), { statuses: [...successStatuses(op), ...refusals(op)] });
  guard(api.run);
  if (exchange.response.status >= 300) return undefined;
  const created = answeredRecord(op, exchange.response.status, exchange.response.body) as Row;
  // An answer without an id the model can find (an array, `{}`, an empty key) names no record to go on with (trial class 9).
  const key = idFromBody(api.resource, exchange.response.body);
  if (key === undefined || !isObject(created)) return undefined;
  const id = String(key);
  // A key the client chose (a username sent in the body) is not the server's to reuse.
  const chosen = isObject(body) && String((sentRecord(op, body) as Row)[keyField(api.resource, created)]) === id;
  if (model.gone.has(id) && !chosen) fail(api, { check: USE_AFTER_FREE, message: `${op.operationId} gave id ${id} to a new record, though this sequence deleted the record that had it (an id is never given again)`, actual: id, location: '$.id' });
  else if (model.seen.has(id) && !chosen) fail(api, { check: 'id-reused', message: `${op.operationId} gave id ${id}, which an earlier record of this sequence had`, actual: id, location: '$.id' });
  else if (model.earlier.has(id) && !chosen) model.reusedEarlier ??= id;
  model.seen.add(id);
  model.mine.set(id, created);
  if (!api.resource.read) return id;
  const found = await readBack(api, id);
  const wrong = differences(readable(api, sentRecord(op, body) as Row), found.row);
  if (found.status !== 200 || wrong.length > 0) fail(api, { check: 'state-created', message: `the ${api.resource.name} just created (${id}) does not read back as sent${wrong.length ? `: ${wrong.join(', ')}` : ''}`, expected: JSON.stringify(body), actual: `${found.status} ${JSON.stringify(found.row)}` });
  else model.mine.set(id, found.row!);
  return id;
}

class Read implements Step {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.mine.size > 0;
  async run(model: Model, api: Api): Promise<void> {
    const id = pick(model, this.index);
    const found = await readBack(api, id);
    const wrong = differences(model.mine.get(id)!, found.row);
    if (found.status !== 200 || wrong.length > 0) fail(api, { check: 'state-read', message: `${api.resource.name} ${id} does not read back as last written${wrong.length ? `: ${wrong.join(', ')}` : ''}`, expected: JSON.stringify(model.mine.get(id)), actual: `${found.status} ${JSON.stringify(found.row)}` });
  }
  toString = () => `read #${this.index}`;
}

class Update implements Step {
  constructor(readonly operation: Operation, readonly index: number, readonly body: unknown) {}
  check = (model: Readonly<Model>) => model.mine.size > 0;
  async run(model: Model, api: Api): Promise<void> {
    const id = pick(model, this.index);
    const before = model.mine.get(id)!;
    const sent = sentRecord(this.operation, this.body) as Row;
    const put = this.operation.method === 'put';
    // The record's key is the path's (issue 20 class 4: the path wins): a PUT that leaves it out keeps it.
    const kept = put ? [...putKeeps(api.run.ctx.plan.index, this.operation), keyField(api.resource, before)] : [];
    const writable = writableFields(recordSchemaOf(requestSchema(this.operation), this.operation.path));
    // What a replacement gives the members a PUT leaves out: a record created first with the same body shows it.
    const twinId = put && isObject(sent) && sameBody(api.resource.create, this.operation) && needsTwin(writable, sent, before, kept) ? await createRecord(model, api, this.body) : undefined;
    const twin = twinId === undefined ? undefined : model.mine.get(twinId);
    const { exchange } = await api.run.send(template(api, this.operation, id, this.body), { statuses: [...successStatuses(this.operation), ...refusals(this.operation)] });
    guard(api.run);
    if (exchange.response.status >= 300 || !api.resource.read || !isObject(sent)) return;
    const found = await readBack(api, id);
    const shown = readable(api, sent);
    // A PATCH is a JSON merge patch (RFC 7396): what it names is set, or removed by null.
    const wrong = put ? differences(shown, found.row) : patchDifferences(before, shown, found.row);
    if (wrong.length > 0) fail(api, { check: 'state-updated', message: `${this.operation.operationId} of ${id} does not read back with what it set: ${wrong.join(', ')}`, expected: JSON.stringify(sent), actual: JSON.stringify(found.row) });
    // A PATCH changes what it names and nothing else; a PUT replaces the rest (keeping what the API's rules keep).
    const untouched = put ? { [keyField(api.resource, before)]: before[keyField(api.resource, before)] } : Object.fromEntries(Object.entries(before).filter(([k]) => !(k in sent)));
    const changed = differences(untouched, found.row);
    if (changed.length > 0) fail(api, { check: 'update-scope', message: `${this.operation.operationId} of ${id} changed ${changed.join(', ')}, which it did not name`, expected: JSON.stringify(untouched), actual: JSON.stringify(found.row) });
    for (const d of put ? putDifferences(writable, sent, before, found.row, kept, twin) : []) {
      fail(api, { check: 'update-scope', message: `${this.operation.operationId} of ${id} without "${d.field}" left it ${JSON.stringify(found.row?.[d.field])}: ${d.reason}`, expected: d.expected === undefined ? '(absent)' : JSON.stringify(d.expected), actual: JSON.stringify(found.row?.[d.field]), location: `$.${d.field}` });
    }
    if (found.row) model.mine.set(id, found.row);
  }
  toString = () => `${this.operation.operationId} #${this.index} ${JSON.stringify(this.body)}`;
}

/** Whether a create takes the same body as a PUT (the PUT's twin can be made by the create). */
function sameBody(create: Operation, put: Operation): boolean {
  const a = requestSchema(create);
  const b = requestSchema(put);
  if (a === b) return a !== undefined;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

class Delete implements Step {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.mine.size > 0;
  async run(model: Model, api: Api): Promise<void> {
    const id = pick(model, this.index);
    const op = api.resource.remove!;
    const { exchange } = await api.run.send(template(api, op, id), { statuses: [...successStatuses(op), ...refusals(op)] });
    guard(api.run);
    if (exchange.response.status >= 300) return;
    // The record is gone: the case's cleanup must not count it as its own any more.
    const created = api.run.created.findIndex((c) => c.resource === api.resource && String(c.id) === id);
    if (created >= 0) api.run.created.splice(created, 1);
    model.mine.delete(id);
    model.gone.add(id);
    // As for the unknown-id case: a read that documents no 404 (or 410) has no status to expect
    // of a record that is gone; the list audit still checks that it left the list.
    if (!api.resource.read || !(documents(api.resource.read, '404') || documents(api.resource.read, '410'))) return;
    const found = await readBack(api, id);
    if (found.status !== 404 && found.status !== 410) fail(api, { check: USE_AFTER_FREE, message: `${api.resource.name} ${id} still reads ${found.status} after its DELETE`, expected: '404', actual: String(found.status) });
  }
  toString = () => `delete #${this.index}`;
}

class DeleteReferenced implements Step {
  constructor(readonly reference: Reference) {}
  check = (model: Readonly<Model>) => [...model.mine.values()].some((r) => String(r[this.reference.field]) === String(this.reference.parentId));
  async run(model: Model, api: Api): Promise<void> {
    const { field, parent, parentId } = this.reference;
    const op = parent.remove!;
    const t: RequestTemplate = { operationId: op.operationId, pathParams: { [parent.idParam]: { value: parentId } }, query: {}, credentials: 'api-key' };
    const { exchange } = await api.run.send(t, { statuses: [...successStatuses(op), ...refusals(op)] });
    guard(api.run);
    if (exchange.response.status >= 300) return;
    const i = api.run.created.findIndex((c) => c.resource === parent && String(c.id) === String(parentId));
    if (i >= 0) api.run.created.splice(i, 1);
    for (const [id, row] of [...model.mine]) {
      if (String(row[field]) !== String(parentId) || keepsReference(api.run.ctx.plan.index, api.resource.create, field, row)) continue;
      const found = api.resource.read ? await readBack(api, id) : { status: 404, row: undefined };
      if (found.status === 200 && String(found.row?.[field]) === String(parentId)) {
        fail(api, { check: 'reference-deleted', message: `${parent.name} ${String(parentId)} was deleted (${exchange.response.status}) while ${api.resource.name} ${id} still names it in ${field}`, expected: `409, or ${api.resource.name} ${id} gone with it`, actual: `${exchange.response.status}; ${api.resource.name} ${id} reads ${JSON.stringify(found.row)}`, location: 'status' });
        return;
      }
      model.mine.delete(id);
      model.gone.add(id);
    }
  }
  toString = () => `delete referenced ${this.reference.parent.name}`;
}

class List implements Step {
  constructor(readonly names: string[], readonly index: number, readonly small: number, readonly filters: ReturnType<typeof filterParameters>) {}
  check = () => true;
  async run(model: Model, api: Api): Promise<void> {
    const failures: Failure[] = [];
    const all = await walkList(api.run, api.run.collectionUrl(api.resource), {}, api.paging, api.limits.max, failures);
    guard(api.run);
    if (!all) return;
    const pageSize = Math.max(api.limits.min, Math.min(api.limits.max, Math.ceil(all.rows.length / 4)));
    const paged = await walkList(api.run, api.run.collectionUrl(api.resource), {}, api.paging, pageSize, failures);
    // Pages must agree with each other; with the ids' order only where the list promises it (trial class 8).
    if (paged) checkWalks({}, all, paged, failures, (row) => row[keyField(api.resource, row)], promisesIdOrder(api.list));
    const ids = new Set(all.rows.map((row) => keyOf(api.resource, row)));
    // Only a list seen whole must hold every record of the sequence (see Walk.complete).
    if (all.complete) for (const id of model.mine.keys()) if (!ids.has(id)) failures.push({ check: 'state-listed', message: `${api.resource.name} ${id}, created by this sequence, is not in ${describe({})}` });
    for (const id of model.gone) if (ids.has(id)) failures.push({ check: 'state-deleted-listed', message: `${api.resource.name} ${id} was deleted and is still in ${describe({})}` });
    for (const row of all.rows) model.seen.add(keyOf(api.resource, row));
    api.run.failures.push(...failures);
    guard(api.run);
    if (this.names.length > 0) await this.filtered(model, api, all);
  }

  /** The filters with values from a record (one of this sequence's when it has one): exactly the matching records, counted. */
  private async filtered(model: Model, api: Api, all: Walk): Promise<void> {
    const source = model.mine.size > 0 ? model.mine.get(pick(model, this.index)) : all.rows[this.index % Math.max(1, all.rows.length)];
    if (!source) return;
    const query: Record<string, unknown> = {};
    const loose = new Set<string>();
    for (const name of this.names) {
      const filter = this.filters.find((f) => f.name === name)!;
      if (source[name] === undefined || source[name] === null) continue;
      query[name] = filter.array ? [source[name]] : source[name];
      if (filter.field.type === 'string' && !filter.field.enum && !filter.field.format) loose.add(name);
    }
    if (Object.keys(query).length === 0) return;
    const failures: Failure[] = [];
    const got = await walkList(api.run, api.run.collectionUrl(api.resource), query, api.paging, this.small, failures);
    guard(api.run);
    if (!got) return;
    const strict = all.rows.filter((r) => Object.entries(query).every(([k, v]) => matches(r, k, v, false)));
    const matching = (row: Row) => Object.entries(query).every(([k, v]) => matches(row, k, v, loose.has(k)));
    const lenient = new Set(all.rows.filter(matching).map((row) => keyOf(api.resource, row)));
    const gotIds = new Set(got.rows.map((row) => keyOf(api.resource, row)));
    // A record past the part of the list seen whole is judged by its own fields.
    const extra = all.complete ? [...gotIds].filter((id) => !lenient.has(id)) : got.rows.filter((row) => !matching(row)).map((row) => keyOf(api.resource, row));
    const missing = all.complete && got.complete ? strict.map((row) => keyOf(api.resource, row)).filter((id) => !gotIds.has(id)) : [];
    const what = describe(query);
    if (extra.length > 0 || missing.length > 0) {
      failures.push({ check: 'list-filter', message: `${what} does not hold exactly the matching records${extra.length ? `; not matching: ${extra.slice(0, 5).join(', ')}` : ''}${missing.length ? `; missing: ${missing.slice(0, 5).join(', ')}` : ''}`, expected: `${strict.length} record(s)`, actual: `${gotIds.size}` });
    }
    if (got.complete && got.total !== undefined && got.total !== got.rows.length) failures.push({ check: 'list-total', message: `X-Total-Count of ${what} does not count its records`, expected: String(got.rows.length), actual: String(got.total), location: 'header X-Total-Count' });
    const broken = got.rows.length > 1 ? checkOrderOnly(query, got) : [];
    api.run.failures.push(...failures, ...broken);
  }
  toString = () => `list ${this.names.join('+') || 'all'} #${this.index} limit ${this.small}`;
}

function checkOrderOnly(query: Record<string, unknown>, walk: Walk): Failure[] {
  const failures: Failure[] = [];
  checkWalks(query, { ...walk, total: undefined }, walk, failures);
  return failures;
}

/** Whether a list says its records come in id order (the Petstore's "ordered by id ascending"): a list that does not may keep any one order. */
function promisesIdOrder(list: Operation | undefined): boolean {
  return /\b(order|sort)(ed)? by (the )?id\b/i.test(`${list?.summary ?? ''} ${list?.description ?? ''}`);
}
