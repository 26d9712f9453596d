import type { Operation } from '../../spec/operation-index.js';
import type { Behaviour } from '../behaviour.js';
import { exampleBehaviour } from '../example-answer.js';
import type { ExampleCheck } from '../example-conformance.js';
import type { Inference } from '../select-behaviours.js';
import { addressedRecordOf, creatableResources, type AddressedRecord } from '../../spec/addressed-item.js';
import { checkAddressed } from './addressed-record.js';
import { crudBehaviour } from './crud-behaviour.js';
import type { Resource, ResourceIndex } from '../../spec/resource-model.js';
import { checkReferences, referencesOf, type OperationReferences } from './reference-checks.js';

/**
 * CRUD behaviours for the operations of inferred resources; for every operation no pack claims,
 * the references its body makes to records are checked, and an operation that is no CRUD action
 * answers 404 for a record its path addresses that does not exist
 * (docs/decisions/037-references-between-records.md). Undefined leaves an operation to examples
 * with no such check. `packServed` tells the operations a pack claims: their records are the
 * pack's, not the inferred resources'.
 */
export function crudInference(resources: ResourceIndex, operations: readonly Operation[], packServed: (operation: Operation) => boolean, check?: ExampleCheck): Inference {
  const generic = operations.filter((op) => !packServed(op));
  const served = resources.resources.filter((r) => generic.some((op) => resources.actionOf(op)?.resource === r));
  // Resources a client creates records of (as the runner's are: a create answering 201 or 200).
  const targets = creatableResources(resources, generic).filter((r) => served.includes(r));
  return (operation: Operation) => {
    const found = resources.actionOf(operation);
    const references = referencesOf(operation, targets);
    if (found) return checked(crudBehaviour(found.resource, found.action, operation), references, undefined);
    const addressed = addressedRecordOf(operation, served, targets, operations);
    return references || addressed ? checked(exampleBehaviour(operation, check), references, addressed) : undefined;
  };
}

/** A behaviour that first checks the references of the request body and the record its path addresses. */
function checked(behaviour: Behaviour, references: OperationReferences | undefined, addressed: AddressedRecord | undefined): Behaviour {
  if (!references && !addressed) return behaviour;
  const referenceList = references?.checks.map((c) => `${c.field}->${c.target.name}`);
  return {
    ...behaviour,
    ...(referenceList ? { references: referenceList } : {}),
    ...(addressed && !behaviour.kind.startsWith('crud:') ? { addresses: `${addressed.param}->${addressed.resource.name}` } : {}),
    handle: async (ctx) => {
      if (addressed) await checkAddressed(addressed, ctx, ctx.state.records);
      if (references) await checkReferences(references, ctx.valid.body, ctx.state.records);
      return behaviour.handle(ctx);
    },
  };
}
