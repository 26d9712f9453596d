import { readBackCheck } from './read-back-check.js';

/** What was created reads back equal: to the 201's body, and to every field the request sent. */
export const stateCreated = readBackCheck('state-created', {
  fieldNotKept: (field) => `the created record does not keep the ${field} that was sent`,
  notReadBack: 'the created record does not read back',
  readsBackDifferent: 'the record reads back different from what the 201 said',
});
