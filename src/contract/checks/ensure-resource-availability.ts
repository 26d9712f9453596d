import type { CheckInfo } from './types.js';

/** Judged by read-back-check.ts and location.ts when a record the run just created cannot be read. */
export const ENSURE_RESOURCE_AVAILABILITY: CheckInfo = {
  name: 'ensure_resource_availability',
  checks: 'a record just created can be read back (its Location or item path answers 2xx, not 404)',
  basis: 'RFC 9110 section 15.3.2: a 201 means the resource has been created',
};
