import type { Operation, OperationIndex } from '../../spec/operation-index.js';
import { petstoreStoreModel } from './petstore-model/index.js';
import type { StatefulModel } from './stateful-model.js';

/** The API-specific models the stateful phase runs where a document fits them. */
export const STATEFUL_MODELS: readonly StatefulModel[] = [petstoreStoreModel];

export function statefulModelOf(caseId: string): StatefulModel | undefined {
  return STATEFUL_MODELS.find((m) => caseId.endsWith(`/stateful/${m.name}`));
}

/** Whether a model's rule lets a record go on naming a deleted one (a completed order its pet). */
export function keepsReference(index: OperationIndex, create: Operation, field: string, row: Readonly<Record<string, unknown>>): boolean {
  return STATEFUL_MODELS.some((m) => m.keepsReference?.(index, create, field, row) ?? false);
}

/** Members a PUT keeps when left out, by the rules of the models that claim the operation. */
export function putKeeps(index: OperationIndex, operation: Operation): readonly string[] {
  return STATEFUL_MODELS.flatMap((m) => m.putKeeps?.(index, operation) ?? []);
}
