import { ALLOW_HEADER_CONFORMANCE } from './allow-header-conformance.js';
import { CONTENT_TYPE_CONFORMANCE } from './content-type-conformance.js';
import { ENSURE_RESOURCE_AVAILABILITY } from './ensure-resource-availability.js';
import { ERROR_STATUS_MATCH } from './error-status-match.js';
import { IGNORED_AUTH } from './ignored-auth.js';
import { LOCATION } from './location.js';
import { MAX_RESPONSE_TIME } from './max-response-time.js';
import { MISSING_REQUIRED_HEADER } from './missing-required-header.js';
import { NEGATIVE_DATA_REJECTION } from './negative-data-rejection.js';
import { NOT_A_SERVER_ERROR } from './not-a-server-error.js';
import { PHASE_CHECKS } from './phase-checks.js';
import { POSITIVE_DATA_ACCEPTANCE } from './positive-data-acceptance.js';
import { RATE_LIMIT_CONSISTENCY } from './rate-limit-consistency.js';
import { RATE_LIMIT_COUNTDOWN } from './rate-limit-countdown.js';
import { RESPONSE_HEADERS_CONFORMANCE } from './response-headers-conformance.js';
import { RESPONSE_SCHEMA_CONFORMANCE } from './response-schema-conformance.js';
import { STATE_CREATED } from './state-created.js';
import { STATE_UPDATED } from './state-updated.js';
import { STATUS_CODE_CONFORMANCE } from './status-code-conformance.js';
import { STATUS_EXPECTED } from './status-expected.js';
import { STREAM_ITEMS } from './stream-items.js';
import type { CheckInfo } from './types.js';
import { UNSUPPORTED_METHOD } from './unsupported-method.js';
import { USE_AFTER_FREE } from './use-after-free.js';

/**
 * Every named check of the runner: Schemathesis's names (snake_case) where the meaning is its,
 * then the kit's own (kebab-case). `--checks`, `--exclude-checks` and `--list-checks` read this
 * list; every failure the runner reports carries one of these names (docs/decisions/065-named-checks.md).
 */
export const CHECK_REGISTRY: readonly CheckInfo[] = [
  NOT_A_SERVER_ERROR,
  STATUS_CODE_CONFORMANCE,
  CONTENT_TYPE_CONFORMANCE,
  RESPONSE_HEADERS_CONFORMANCE,
  RESPONSE_SCHEMA_CONFORMANCE,
  NEGATIVE_DATA_REJECTION,
  POSITIVE_DATA_ACCEPTANCE,
  MISSING_REQUIRED_HEADER,
  UNSUPPORTED_METHOD,
  ALLOW_HEADER_CONFORMANCE,
  USE_AFTER_FREE,
  ENSURE_RESOURCE_AVAILABILITY,
  IGNORED_AUTH,
  MAX_RESPONSE_TIME,
  STATUS_EXPECTED,
  ERROR_STATUS_MATCH,
  LOCATION,
  STATE_CREATED,
  STATE_UPDATED,
  RATE_LIMIT_CONSISTENCY,
  RATE_LIMIT_COUNTDOWN,
  STREAM_ITEMS,
  ...PHASE_CHECKS,
];

export const CHECK_NAMES: readonly string[] = CHECK_REGISTRY.map((c) => c.name);

/** `--list-checks`: one line each, name, what it checks, its basis. */
export function checkListLines(): string[] {
  const width = Math.max(...CHECK_NAMES.map((n) => n.length));
  return CHECK_REGISTRY.map((c) => `${c.name.padEnd(width)}  ${c.checks} (basis: ${c.basis})`);
}
