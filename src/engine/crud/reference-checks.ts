import { ApiError } from '../../core/errors.js';
import { assertNoRef } from '../../generation/merge-all-of.js';
import type { Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { asReferenceTarget } from '../../spec/addressed-item.js';
import { isCheckedTarget, referenceTarget, unknownReferenceStatus } from '../../spec/record-references.js';
import type { RecordStore } from '../../store/record-store.js';
import { chooseMedia } from '../documented-responses.js';
import type { Resource } from '../../spec/resource-model.js';
import { objectSchemaOf } from './record-shape.js';

/** A body field naming a record of another resource (`ownerId` names one of `/owners`). */
export interface ReferenceCheck {
  field: string;
  target: Resource;
}

/** The checks of one operation, and the status a reference to no record answers. */
export interface OperationReferences {
  checks: readonly ReferenceCheck[];
  status: 422 | 404 | 400;
}


/**
 * The references an operation's request body makes (its top-level fields, as the runner reads
 * them) to `targets`, the resources a client can create records of; undefined when it makes none
 * or documents no status to refuse one with. Read once, at load.
 */
export function referencesOf(operation: Operation, targets: readonly Resource[]): OperationReferences | undefined {
  const status = unknownReferenceStatus(operation);
  const schema = objectSchemaOf(chooseMedia(operation.requestBody?.content)?.media.schema as Schema | undefined);
  if (!status || !schema?.properties) return undefined;
  const checks: ReferenceCheck[] = [];
  for (const [field, property] of Object.entries(schema.properties as Record<string, Schema>)) {
    const target = referenceTarget(field, targets, asReferenceTarget, assertNoRef(property), operation.path);
    if (target && isCheckedTarget(asReferenceTarget(target))) checks.push({ field, target });
  }
  return checks.length > 0 ? { checks, status } : undefined;
}

const CODES = { 422: 'invalid_reference', 404: 'not_found', 400: 'validation_failed' } as const;

/** Refuses a body whose reference names no record of the session (a missing or null field names none, and is not checked). */
export async function checkReferences(references: OperationReferences, body: unknown, records: RecordStore): Promise<void> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  for (const { field, target } of references.checks) {
    const value = (body as Record<string, unknown>)[field];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (await records.get(target.name, '', String(value))) continue;
    const message = `${field} ${String(value).slice(0, 100)} names no ${target.name} record`;
    throw new ApiError(CODES[references.status], message, { details: [{ path: `/${field}`, message: `names no ${target.name} record` }] });
  }
}
