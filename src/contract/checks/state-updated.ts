import type { Failure } from '../events.js';
import type { StateCheck } from './types.js';
import { describeRequest } from './types.js';
import { firstDifference, sentFields } from './value-diff.js';

/** What was updated reads back updated: equal to the update's answer, which reflects every field sent. */
export const stateUpdated: StateCheck = (subject, readBack) => {
  const where = describeRequest(subject);
  const failures: Failure[] = [];
  const answered = subject.response.body;
  for (const [field, sent] of Object.entries(sentFields(subject.request.body))) {
    const diff = firstDifference(sent, (answered as Record<string, unknown> | undefined)?.[field], `$.${field}`);
    if (diff) failures.push({ check: 'state-updated', message: `${where}: the answer does not reflect the ${field} that was sent`, expected: diff.expected, actual: diff.actual, location: diff.path });
  }
  if (readBack.outcome === 'gone') return failures;
  if (readBack.outcome !== 'found') {
    const status = readBack.exchanges.at(-1)?.response.status;
    failures.push({ check: 'state-updated', message: `${where}: the updated record does not read back`, expected: 'the record', actual: `status ${status ?? 'none'}` });
    return failures;
  }
  const diff = firstDifference(answered, readBack.record);
  if (diff) failures.push({ check: 'state-updated', message: `${where}: the record reads back without the update`, expected: diff.expected, actual: diff.actual, location: diff.path });
  return failures;
};
