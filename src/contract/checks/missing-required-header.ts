import type { CheckInfo } from './types.js';

/** Judged by status-expected.ts on the negative phase's request without one required header parameter (negative-cases.ts). */
export const MISSING_REQUIRED_HEADER: CheckInfo = {
  name: 'missing_required_header',
  checks: 'a request without a header parameter the document requires is refused with a 4xx',
  basis: 'the required header parameters of the operation in the document; RFC 9110 section 15.5.1',
};
