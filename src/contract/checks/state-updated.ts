import { readBackCheck } from './read-back-check.js';

/** What was updated reads back updated: equal to the update's answer, which reflects every field sent. */
export const stateUpdated = readBackCheck('state-updated', {
  fieldNotKept: (field) => `the answer does not reflect the ${field} that was sent`,
  notReadBack: 'the updated record does not read back',
  readsBackDifferent: 'the record reads back without the update',
});
