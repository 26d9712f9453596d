import type { Schema } from '../spec/openapi.js';
import type { Operation, OperationIndex } from '../spec/operation-index.js';
import { namesAnEnvelope } from '../spec/resource-model.js';
import { successStatuses } from './documented-response.js';
import { answerSchema, answerWrapper } from './record-bodies.js';

const ENVELOPE_NAMES = ['data', 'items', 'results', 'records', 'content', 'entries', 'values', 'list'];

/**
 * Where an existing record's id can be read for a path parameter no resource or link gives: the
 * first item of the list its collection answers (`GET /emails/receiving` for
 * `/emails/receiving/{email_id}`), by the item's property named like the parameter, else `id`.
 * For collections the API fills itself (received emails, logs): the runner cannot create one.
 */
export function listedIdSource(index: OperationIndex, operation: Operation, parameter: string): { source: Operation; expression: string; field: string } | undefined {
  const collection = collectionOf(operation.path, parameter);
  const list = index.operations.find((o) => o.method === 'get' && o.path === collection && o !== operation);
  if (!list) return undefined;
  const found = listItemsOf(list);
  const properties = found?.items.properties ?? {};
  const field = parameter in properties ? parameter : 'id' in properties ? 'id' : undefined;
  if (!found || !field) return undefined;
  return { source: list, expression: `$response.body#${found.at}/0/${field}`, field };
}

/** The path before a parameter (`/emails/receiving` of `/emails/receiving/{email_id}/attachments`). */
export function collectionOf(path: string, parameter: string): string {
  return path.slice(0, Math.max(0, path.indexOf(`/{${parameter}}`)));
}

/**
 * Where a list operation's success answer holds its records: the answer itself when it is an
 * array of objects (`at` ''), else the array property of an envelope (`/data` of `{data: [...], total}`).
 */
export function listItemsOf(list: Operation): { at: string; items: Schema } | undefined {
  const status = successStatuses(list).map(Number).find((s) => answerSchema(list, s) !== undefined);
  const schema = status === undefined ? undefined : answerSchema(list, status);
  return schema ? itemsOf(schema) : undefined;
}

function itemsOf(schema: Schema): { at: string; items: Schema } | undefined {
  const objectItems = (s: Schema | undefined) => (s?.type === 'array' && (s.items as Schema | undefined)?.properties ? (s.items as Schema) : undefined);
  const top = objectItems(schema);
  if (top) return { at: '', items: top };
  const arrays = Object.entries(schema.properties ?? {}).filter(([, p]) => objectItems(p as Schema));
  // As the resource model (namesAnEnvelope): a `data` it cannot read leaves `errors` no list.
  const chosen = arrays.find(([name]) => ENVELOPE_NAMES.includes(name.toLowerCase())) ?? (arrays.length === 1 && !namesAnEnvelope(schema.properties ?? {}) ? arrays[0] : undefined);
  return chosen ? { at: `/${chosen[0]}`, items: objectItems(chosen[1] as Schema)! } : undefined;
}

/**
 * Where a value for a path parameter nothing else gives can be read from one record the API
 * answers without being asked for a particular one: a GET without path parameters whose success
 * answer is an object (a singleton such as RealWorld's `GET /user`, the current user) with a
 * property of exactly the parameter's name (`username` for `/profiles/{username}`), inside its
 * wrapper where it has one. Only when exactly one such GET exists: two would be a guess.
 */
export function singletonValueSource(index: OperationIndex, operation: Operation, parameter: string): { source: Operation; expression: string } | undefined {
  const found = singletonReads(index)
    .filter(({ source, record }) => source !== operation && isIdType(record?.properties?.[parameter] as Schema | undefined))
    .map(({ source, wrapper }) => ({ source, expression: `$response.body#${wrapper ? `/${wrapper}` : ''}/${parameter}` }));
  return found.length === 1 ? found[0] : undefined;
}

const singletonTables = new WeakMap<OperationIndex, SingletonRead[]>();

interface SingletonRead {
  source: Operation;
  wrapper: string | undefined;
  record: Schema | undefined;
}

/**
 * The GETs without path parameters answering an object, read once per index: the planner asks for
 * every path parameter nothing else gives, and reading every GET's answer each time took 93 of
 * the 106 s autotask.net's plan took (2,958 operations).
 */
function singletonReads(index: OperationIndex): SingletonRead[] {
  let reads = singletonTables.get(index);
  if (reads) return reads;
  reads = [];
  for (const read of index.operations) {
    if (read.method !== 'get' || read.path.includes('{')) continue;
    const status = successStatuses(read).map(Number).find((s) => answerSchema(read, s) !== undefined);
    const schema = status === undefined ? undefined : answerSchema(read, status);
    if (!schema || schema.type === 'array') continue;
    const wrapper = answerWrapper(read, status!);
    reads.push({ source: read, wrapper, record: wrapper ? (schema.properties?.[wrapper] as Schema | undefined) : schema });
  }
  singletonTables.set(index, reads);
  return reads;
}

function isIdType(property: Schema | undefined): boolean {
  return property !== undefined && (property.type === 'string' || property.type === 'integer');
}
