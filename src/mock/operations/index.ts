import { SpecError } from '../../spec/spec-error.js';
import type { OperationIndex } from '../../spec/operation-index.js';
import type { OperationHandler } from '../operation-context.js';
import { categoryHandlers } from './categories.js';
import { petHandlers } from './pets.js';
import { storeHandlers } from './store.js';

const HANDLERS: Record<string, OperationHandler> = { ...petHandlers, ...categoryHandlers, ...storeHandlers };

/**
 * The handlers for the document's operations. Checked both ways at start: a handler whose
 * operationId the document lacks, or an operation without a handler, refuses to start.
 */
export function bindHandlers(index: OperationIndex, file: string): Map<string, OperationHandler> {
  const problems: string[] = [];
  for (const id of Object.keys(HANDLERS)) {
    if (!index.byId(id)) problems.push(`the mock implements operationId ${id}, which the document does not have`);
  }
  for (const op of index.operations) {
    if (!HANDLERS[op.operationId]) problems.push(`${op.method.toUpperCase()} ${op.path} (${op.operationId}) has no behaviour in the mock`);
  }
  if (problems.length > 0) throw new SpecError(file, 'does not match the mock', problems);
  return new Map(index.operations.map((op) => [op.operationId, HANDLERS[op.operationId]!]));
}
