import type { CheckInfo } from './types.js';

/** Judged by status-expected.ts: a case whose body, path or query breaks one constraint of the document. */
export const NEGATIVE_DATA_REJECTION: CheckInfo = {
  name: 'negative_data_rejection',
  checks: 'a request breaking one constraint of the document (type, required, bound, enum, unknown field) is refused with the documented 400 or 422',
  basis: 'the request schema in the document; RFC 9110 section 15.5.1 (400), RFC 9110 section 15.5.21 (422)',
};
