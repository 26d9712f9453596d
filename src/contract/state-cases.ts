import type { Operation } from '../spec/operation-index.js';
import { documents, successStatuses } from './documented-response.js';
import type { PlannedCase, Planner } from './planner.js';
import { answerSchema, canShow, recordSchemaOf } from './record-bodies.js';
import { readerOf } from './resources.js';
import { requestSchema } from './sample-value.js';
import { requestBodies } from './sample-value.js';

const REMOVALS: ReadonlySet<string> = new Set(['delete', 'singleton-delete']);

/** Created reads back equal, updated reads back updated, deleted reads 404. */
export function stateCases(planner: Planner, operation: Operation): PlannedCase[] {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const expect = successStatuses(operation);
  if (expect.length === 0) return [];
  const body = requestBodies(operation)[0];
  const request = planner.template(operation, 'api-key', body ? { body: body.value } : {});
  const prepare = planner.preparation(operation, body?.value);
  const created = [...planner.resources.values()].find((r) => r.create === operation);
  // Read back only where the document has a GET of the item (Resend's /api-keys has none: 405).
  if (created && !created.read) return [];
  if (created) {
    return [planner.makeCase(operation, { id: `${operation.operationId}/state/created-reads-back`, title: `${where} then GET Location reads back what was sent`, kind: 'state', request, ...prepare, expect, verify: 'created' })];
  }
  const reader = readerOf(planner.index, operation);
  if (!reader) return [];
  if (operation.method === 'put' || operation.method === 'patch') {
    const id = `${operation.operationId}/state/updated-reads-back`;
    const title = `${where} then ${reader.operationId} reads back the update`;
    const against = readBackAgainst(operation, reader);
    const skipReason = against ? undefined : `${reader.operationId} answers what shows neither what ${where} answers nor what it sends (a list, or another record): the document does not say how the update reads back`;
    return [planner.makeCase(operation, { id, title, kind: 'state', request, ...prepare, expect, verify: against === 'sent' ? 'updated-as-sent' : 'updated', ...(skipReason ? { skipReason } : {}) })];
  }
  // 404 after a delete is checked where the reader documents it (as the unknown-id case), and
  // where the resource model says the DELETE removes the record the GET reads: GitHub's
  // `DELETE /gists/{id}/star` unstars (its GET of the star answers 204 or 404 by prose alone, and
  // the mock serves it from examples); no record of the model is gone.
  if (operation.method === 'delete' && documents(reader, '404')) {
    const removes = REMOVALS.has(planner.model.actionOf(operation)?.action ?? '') && planner.model.actionOf(reader)?.resource === planner.model.actionOf(operation)?.resource;
    const skipReason = removes ? undefined : `the resource model does not know ${where} as the removal of a record ${reader.operationId} reads (a sub-resource or an action): whether it then answers 404 is not in the document's schema`;
    return [planner.makeCase(operation, { id: `${operation.operationId}/state/deleted-reads-404`, title: `${where} then ${reader.operationId} answers 404`, kind: 'state', request, ...prepare, expect, verify: 'deleted', ...(skipReason ? { skipReason } : {}) })];
  }
  return [];
}

/**
 * What the reader's answer is compared with after a write: the write's answer where the reader
 * shows that record (the usual PUT/PATCH answering the record), else what the write sent where
 * the reader shows that (a PUT answering a summary); undefined when it shows neither (decision
 * 034). A write documented without an answer body is compared with what it sent, as before.
 */
function readBackAgainst(write: Operation, reader: Operation): 'answer' | 'sent' | undefined {
  const status = successStatuses(write).map(Number).find((s) => answerSchema(write, s) !== undefined);
  const readStatus = successStatuses(reader).map(Number).find((s) => answerSchema(reader, s) !== undefined);
  if (status === undefined || readStatus === undefined) return 'answer';
  const shown = recordSchemaOf(answerSchema(reader, readStatus), reader.path);
  if (canShow(shown, recordSchemaOf(answerSchema(write, status), write.path))) return 'answer';
  return canShow(shown, recordSchemaOf(requestSchema(write), write.path)) ? 'sent' : undefined;
}
