import { isDeepStrictEqual } from 'node:util';
import { documentsHeader } from '../documented-response.js';
import type { Check } from './types.js';
import { describeRequest } from './types.js';

/**
 * A 201 names what it created in `Location`, and a GET of that URL returns the created record,
 * where the document declares Location for that answer (many APIs give the record in the body only).
 */
export const location: Check = (exchange, operation, context) => {
  if (exchange.response.status !== 201 || !documentsHeader(operation, 201, 'location')) return [];
  const header = exchange.response.headers['location'];
  const where = () => `${describeRequest(exchange)} -> 201`;
  if (header === undefined) {
    return [{ check: 'location', message: `${where()} has no Location naming the created record`, expected: 'Location: <path of the record>', actual: 'absent', location: 'header Location' }];
  }
  const readBack = context.readBack;
  if (!readBack || readBack.outcome === 'gone' || readBack.outcome === 'not-followed') return [];
  if (readBack.outcome !== 'found') {
    const status = readBack.exchanges.at(-1)?.response.status;
    return [{ check: 'location', message: `${where()}: GET ${header} does not return the created record`, expected: '2xx with the record', actual: `${status ?? 'no answer'}`, location: 'header Location' }];
  }
  if (!isDeepStrictEqual(readBack.record, exchange.response.body)) {
    return [{ check: 'location', message: `${where()}: GET ${header} returns another record than the one created`, expected: JSON.stringify(exchange.response.body), actual: JSON.stringify(readBack.record), location: 'header Location' }];
  }
  return [];
};
