import type { Failure } from '../events.js';
import type { StateCheck } from './types.js';
import { describeRequest } from './types.js';
import { firstDifference, sentFields } from './value-diff.js';

/** What was created reads back equal: to the 201's body, and to every field the request sent. */
export const stateCreated: StateCheck = (subject, readBack) => {
  const where = describeRequest(subject);
  const failures: Failure[] = [];
  const created = subject.response.body;
  for (const [field, sent] of Object.entries(sentFields(subject.request.body))) {
    const diff = firstDifference(sent, (created as Record<string, unknown> | undefined)?.[field], `$.${field}`);
    if (diff) failures.push({ check: 'state-created', message: `${where}: the created record does not keep the ${field} that was sent`, expected: diff.expected, actual: diff.actual, location: diff.path });
  }
  if (readBack.outcome === 'gone') return failures;
  if (readBack.outcome !== 'found') {
    const status = readBack.exchanges.at(-1)?.response.status;
    failures.push({ check: 'state-created', message: `${where}: the created record does not read back`, expected: 'the record', actual: `status ${status ?? 'none'}` });
    return failures;
  }
  const diff = firstDifference(created, readBack.record);
  if (diff) failures.push({ check: 'state-created', message: `${where}: the record reads back different from what the 201 said`, expected: diff.expected, actual: diff.actual, location: diff.path });
  return failures;
};
