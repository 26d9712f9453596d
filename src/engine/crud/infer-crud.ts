import type { Operation } from '../../spec/operation-index.js';
import type { Inference } from '../select-behaviours.js';
import { crudBehaviour } from './crud-behaviour.js';
import type { ResourceIndex } from './infer-resources.js';

/** CRUD behaviours for the operations of inferred resources (undefined for the others). */
export function crudInference(resources: ResourceIndex): Inference {
  return (operation: Operation) => {
    const found = resources.actionOf(operation);
    return found ? crudBehaviour(found.resource, found.action, operation) : undefined;
  };
}
