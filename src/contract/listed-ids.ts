import type { Schema } from '../spec/openapi.js';
import type { Operation, OperationIndex } from '../spec/operation-index.js';
import { successStatuses } from './documented-response.js';
import { answerSchema } from './record-bodies.js';

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
  const status = successStatuses(list).map(Number).find((s) => answerSchema(list, s) !== undefined);
  const schema = status === undefined ? undefined : answerSchema(list, status);
  const found = schema ? itemsOf(schema) : undefined;
  const properties = found?.items.properties ?? {};
  const field = parameter in properties ? parameter : 'id' in properties ? 'id' : undefined;
  if (!found || !field) return undefined;
  return { source: list, expression: `$response.body#${found.at}/0/${field}`, field };
}

/** The path before a parameter (`/emails/receiving` of `/emails/receiving/{email_id}/attachments`). */
export function collectionOf(path: string, parameter: string): string {
  return path.slice(0, Math.max(0, path.indexOf(`/{${parameter}}`)));
}

/** The records of a list answer: a plain array of objects, or the array property of an envelope. */
function itemsOf(schema: Schema): { at: string; items: Schema } | undefined {
  const objectItems = (s: Schema | undefined) => (s?.type === 'array' && (s.items as Schema | undefined)?.properties ? (s.items as Schema) : undefined);
  const top = objectItems(schema);
  if (top) return { at: '', items: top };
  const arrays = Object.entries(schema.properties ?? {}).filter(([, p]) => objectItems(p as Schema));
  const chosen = arrays.find(([name]) => ENVELOPE_NAMES.includes(name.toLowerCase())) ?? (arrays.length === 1 ? arrays[0] : undefined);
  return chosen ? { at: `/${chosen[0]}`, items: objectItems(chosen[1] as Schema)! } : undefined;
}
