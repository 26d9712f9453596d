import type { CheckInfo } from './types.js';

/** Judged by status-expected.ts: a case whose request the document accepts, expecting a 2xx. */
export const POSITIVE_DATA_ACCEPTANCE: CheckInfo = {
  name: 'positive_data_acceptance',
  checks: 'a request valid by the document (its examples, schema-valid values) is accepted with the documented 2xx',
  basis: 'the request schema and the success responses in the document; RFC 9110 section 15.3',
};
