import { isDeepStrictEqual } from 'node:util';
import { documentsHeader } from '../documented-response.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';
import { ENSURE_RESOURCE_AVAILABILITY } from './ensure-resource-availability.js';

export const LOCATION: CheckInfo = { name: "location", checks: "a 201 names what it created in Location, and a GET of it returns that record", basis: "RFC 9110 sections 10.2.2 and 15.3.2, where the document declares Location" };

/**
 * A 201 names what it created in `Location`, and a GET of that URL returns the created record,
 * where the document declares Location for that answer (many APIs give the record in the body only).
 */
export const location: Check = (exchange, operation, context) => {
  if (exchange.response.status !== 201 || !documentsHeader(operation, 201, 'location')) return [];
  const header = exchange.response.headers['location'];
  const where = () => `${describeRequest(exchange)} -> 201`;
  if (header === undefined) {
    return [{ check: LOCATION.name, message: `${where()} has no Location naming the created record`, expected: 'Location: <path of the record>', actual: 'absent', location: 'header Location' }];
  }
  const readBack = context.readBack;
  if (!readBack || readBack.outcome === 'gone' || readBack.outcome === 'not-followed') return [];
  if (readBack.outcome !== 'found') {
    const status = readBack.exchanges.at(-1)?.response.status;
    return [{ check: readBack.outcome === 'not-found' ? ENSURE_RESOURCE_AVAILABILITY.name : LOCATION.name, message: `${where()}: GET ${header} does not return the created record`, expected: '2xx with the record', actual: `${status ?? 'no answer'}`, location: 'header Location' }];
  }
  if (!isDeepStrictEqual(readBack.record, exchange.response.body)) {
    return [{ check: LOCATION.name, message: `${where()}: GET ${header} returns another record than the one created`, expected: JSON.stringify(exchange.response.body), actual: JSON.stringify(readBack.record), location: 'header Location' }];
  }
  return [];
};
