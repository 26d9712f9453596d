import type { CheckInfo } from './types.js';
import { readBackCheck } from './read-back-check.js';

export const STATE_UPDATED: CheckInfo = { name: "state-updated", checks: "what was updated reads back with the update", basis: "RFC 9110 section 9.3.4 (PUT) and RFC 5789 (PATCH): the change is applied" };

/** What was updated reads back updated: equal to the update's answer, which reflects every field sent. */
export const stateUpdated = readBackCheck(STATE_UPDATED.name, {
  fieldNotKept: (field) => `the answer does not reflect the ${field} that was sent`,
  notReadBack: 'the updated record does not read back',
  readsBackDifferent: 'the record reads back without the update',
});
