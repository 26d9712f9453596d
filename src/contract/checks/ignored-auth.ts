import type { CheckInfo } from './types.js';

/** Judged by status-expected.ts on the negative phase's request without a credential (negative-cases.ts). */
export const IGNORED_AUTH: CheckInfo = {
  name: 'ignored_auth',
  checks: 'an operation that declares security refuses a request without the credential with 401 (or the 4xx it documents)',
  basis: 'the operation security in the document; RFC 9110 section 15.5.2 (401)',
};
