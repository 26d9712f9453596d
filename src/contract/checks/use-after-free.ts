import type { StateCheck, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const USE_AFTER_FREE: CheckInfo = { name: "use_after_free", checks: "a deleted record reads 404 or 410 afterwards and its id is not given to a new record", basis: "RFC 9110 section 9.3.5: after a successful DELETE the resource is gone" };

/** What was deleted reads 404 afterwards. */
export const useAfterFree: StateCheck = (subject, readBack) => {
  if (readBack.outcome === 'not-found' || readBack.outcome === 'gone' || readBack.outcome === 'not-followed') return [];
  const status = readBack.exchanges.at(-1)?.response.status;
  return [
    {
      check: USE_AFTER_FREE.name,
      message: `${describeRequest(subject)} answered ${subject.response.status}, yet the record still ${readBack.outcome === 'found' ? 'reads back' : `answers ${status}`}`,
      expected: '404 when read back',
      actual: `${status ?? 'no answer'}${readBack.outcome === 'found' ? ' with the record' : ''}`,
    },
  ];
};
