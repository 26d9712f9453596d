import type { Operation } from '../spec/operation-index.js';
import { documents, successStatuses } from './documented-response.js';
import type { PlannedCase, Planner } from './planner.js';
import { readerOf } from './resources.js';
import { requestBodies } from './sample-value.js';

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
    return [planner.makeCase(operation, { id: `${operation.operationId}/state/updated-reads-back`, title: `${where} then ${reader.operationId} reads back the update`, kind: 'state', request, ...prepare, expect, verify: 'updated' })];
  }
  // 404 after a delete is checked where the reader documents it (as the unknown-id case).
  if (operation.method === 'delete' && documents(reader, '404')) {
    return [planner.makeCase(operation, { id: `${operation.operationId}/state/deleted-reads-404`, title: `${where} then ${reader.operationId} answers 404`, kind: 'state', request, ...prepare, expect, verify: 'deleted' })];
  }
  return [];
}
