import { petstoreStoreModel } from './petstore-model/index.js';
import type { StatefulModel } from './stateful-model.js';

/** The API-specific models the stateful phase runs where a document fits them. */
export const STATEFUL_MODELS: readonly StatefulModel[] = [petstoreStoreModel];

export function statefulModelOf(caseId: string): StatefulModel | undefined {
  return STATEFUL_MODELS.find((m) => caseId.endsWith(`/stateful/${m.name}`));
}
