import type { StateCheck } from './types.js';
import { describeRequest } from './types.js';

/** What was deleted reads 404 afterwards. */
export const stateDeleted: StateCheck = (subject, readBack) => {
  if (readBack.outcome === 'not-found' || readBack.outcome === 'gone' || readBack.outcome === 'not-followed') return [];
  const status = readBack.exchanges.at(-1)?.response.status;
  return [
    {
      check: 'state-deleted',
      message: `${describeRequest(subject)} answered ${subject.response.status}, yet the record still ${readBack.outcome === 'found' ? 'reads back' : `answers ${status}`}`,
      expected: '404 when read back',
      actual: `${status ?? 'no answer'}${readBack.outcome === 'found' ? ' with the record' : ''}`,
    },
  ];
};
