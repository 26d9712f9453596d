import { bodySchema } from './body-schema.js';
import { contentType } from './content-type.js';
import { errorStatusMatch } from './error-status-match.js';
import { headersDocumented } from './headers-documented.js';
import { location } from './location.js';
import { rateLimitConsistency } from './rate-limit-consistency.js';
import { statusDocumented } from './status-documented.js';
import { statusExpected } from './status-expected.js';
import { streamItems } from './stream-items.js';
import type { Check } from './types.js';

/** The checks run on every response, in the order their failures are reported. Adding one touches this list only. */
export const RESPONSE_CHECKS: readonly Check[] = [
  statusDocumented,
  statusExpected,
  contentType,
  bodySchema,
  streamItems,
  headersDocumented,
  location,
  errorStatusMatch,
  rateLimitConsistency,
];

export type { Check, CheckContext, ReadBack, StateCheck } from './types.js';
