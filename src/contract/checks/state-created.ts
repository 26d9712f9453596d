import type { CheckInfo } from './types.js';
import { ENSURE_RESOURCE_AVAILABILITY } from './ensure-resource-availability.js';
import { readBackCheck } from './read-back-check.js';

export const STATE_CREATED: CheckInfo = { name: "state-created", checks: "what was created keeps the fields sent and reads back equal to the create's answer", basis: "RFC 9110 section 9.3.3: a 201 names a resource that now holds the representation" };

/** What was created reads back equal: to the 201's body, and to every field the request sent. */
export const stateCreated = readBackCheck(STATE_CREATED.name, {
  fieldNotKept: (field) => `the created record does not keep the ${field} that was sent`,
  notReadBack: 'the created record does not read back',
  readsBackDifferent: 'the record reads back different from what the 201 said',
  notReadBackCheck: ENSURE_RESOURCE_AVAILABILITY.name,
});
