import type { Operation, OperationIndex } from '../spec/operation-index.js';
import { resourceFor, resourceForPath, type Resource } from './resources.js';

/** The reason a case or request that could touch someone else's records is not sent (INTERFACE section 16). */
export const NOT_SENT = 'not sent: could change records this run did not create (--allow-destructive sends it)';

/** A PUT, PATCH or DELETE the run refused to send: the case is skipped with NOT_SENT. */
export class NotSentError extends Error {
  constructor() {
    super(NOT_SENT);
  }
}

/** Methods that change or delete what their URL names. */
export function changesRecords(method: string): boolean {
  return method === 'put' || method === 'patch' || method === 'delete';
}

/**
 * The path parameter naming the record a request acts on: the last one of the path
 * (`/pets/{petId}/stock` acts on pet petId's stock). Undefined for a collection or a singleton.
 */
export function targetParameter(operation: Operation): string | undefined {
  return [...operation.path.matchAll(/\{([^}]+)\}/g)].at(-1)?.[1];
}

/** The resource whose records the target parameter names (`petId` of /store/inventory/{petId} names pets). */
export function targetResource(resources: ReadonlyMap<string, Resource>, operation: Operation, name: string, index: OperationIndex): Resource | undefined {
  return resourceForPath(resources, operation, name, index) ?? resourceFor(resources, name);
}

/** Every record this run created (by any case, any phase), by resource and id, for the whole run. */
export class OwnRecords {
  private readonly keys = new Set<string>();

  add(resource: Resource, id: unknown): void {
    this.keys.add(`${resource.name}\u0000${String(id)}`);
  }

  holds(resource: Resource, id: string): boolean {
    return this.keys.has(`${resource.name}\u0000${id}`);
  }
}
