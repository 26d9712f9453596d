import type { OperationIndex } from '../spec/operation-index.js';
import { ContractRunError } from './contract-error.js';
import { requestSchema } from './sample-value.js';

/** Something to call before an operation can succeed, which the document cannot express. */
export interface Prerequisite {
  operationId: string;
  why: string;
  /** Body fields of the prerequisite that must be at least the named field of the main request's body. */
  atLeast: Readonly<Record<string, string>>;
}

/**
 * The only operation semantics the runner is told rather than derives: everything else (what
 * creates what, which path parameter or body field names which record, how to read a record back
 * and delete it) comes from the document's paths, `Location` headers and property names.
 *
 * placeOrder: an order takes stock (INTERFACE.md section 7) and a new pet has none, so the pet's
 * stock is set first, to at least the quantity ordered. The document says an order needs stock in
 * prose only.
 */
export const OPERATION_SEMANTICS: Readonly<Record<string, { prerequisites: readonly Prerequisite[] }>> = {
  placeOrder: {
    prerequisites: [{ operationId: 'setInventory', why: 'an order takes stock, and a new pet has none', atLeast: { quantity: 'quantity' } }],
  },
};

/** Every key and every operation and field the map names must exist in the document, or the plan cannot be made. */
export function verifySemantics(index: OperationIndex, file: string): void {
  const problems: string[] = [];
  for (const [operationId, { prerequisites }] of Object.entries(OPERATION_SEMANTICS)) {
    const operation = index.byId(operationId);
    if (!operation) {
      problems.push(`the runner's operation map names ${operationId}, which the document does not define`);
      continue;
    }
    for (const prerequisite of prerequisites) {
      const before = index.byId(prerequisite.operationId);
      if (!before) {
        problems.push(`${operationId} needs ${prerequisite.operationId} first, which the document does not define`);
        continue;
      }
      for (const [field, from] of Object.entries(prerequisite.atLeast)) {
        if (!requestSchema(before)?.properties?.[field]) problems.push(`${prerequisite.operationId}'s body has no field ${field}`);
        if (!requestSchema(operation)?.properties?.[from]) problems.push(`${operationId}'s body has no field ${from}`);
      }
    }
  }
  if (problems.length > 0) throw new ContractRunError(`${file}: cannot plan the run: ${problems.join('; ')}`);
}
