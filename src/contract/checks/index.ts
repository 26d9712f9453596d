import { allowHeaderConformance, ALLOW_HEADER_CONFORMANCE } from './allow-header-conformance.js';
import { contentTypeConformance, CONTENT_TYPE_CONFORMANCE } from './content-type-conformance.js';
import { ENSURE_RESOURCE_AVAILABILITY } from './ensure-resource-availability.js';
import { errorStatusMatch, ERROR_STATUS_MATCH } from './error-status-match.js';
import { IGNORED_AUTH } from './ignored-auth.js';
import { location, LOCATION } from './location.js';
import { maxResponseTime, MAX_RESPONSE_TIME } from './max-response-time.js';
import { NEGATIVE_DATA_REJECTION } from './negative-data-rejection.js';
import { notAServerError, NOT_A_SERVER_ERROR } from './not-a-server-error.js';
import { POSITIVE_DATA_ACCEPTANCE } from './positive-data-acceptance.js';
import { rateLimitConsistency, RATE_LIMIT_CONSISTENCY } from './rate-limit-consistency.js';
import { responseHeadersConformance, RESPONSE_HEADERS_CONFORMANCE } from './response-headers-conformance.js';
import { responseSchemaConformance, RESPONSE_SCHEMA_CONFORMANCE } from './response-schema-conformance.js';
import { statusCodeConformance, STATUS_CODE_CONFORMANCE } from './status-code-conformance.js';
import { statusExpected, STATUS_EXPECTED } from './status-expected.js';
import { streamItems, STREAM_ITEMS } from './stream-items.js';
import type { Check, CheckInfo } from './types.js';
import { unsupportedMethod, UNSUPPORTED_METHOD } from './unsupported-method.js';

/** A response check with the registry names its failures may carry. */
export interface NamedResponseCheck {
  names: readonly string[];
  run: Check;
}

/**
 * The checks that judge an answer against its operation's documented responses, in the order
 * their failures are reported. The validation proxy runs these (src/proxy/check-answer.ts).
 */
export const DOCUMENT_CHECKS: readonly NamedResponseCheck[] = [
  { names: [STATUS_CODE_CONFORMANCE.name], run: statusCodeConformance },
  { names: [POSITIVE_DATA_ACCEPTANCE.name, NEGATIVE_DATA_REJECTION.name, IGNORED_AUTH.name, STATUS_EXPECTED.name], run: statusExpected },
  { names: [CONTENT_TYPE_CONFORMANCE.name], run: contentTypeConformance },
  { names: [RESPONSE_SCHEMA_CONFORMANCE.name], run: responseSchemaConformance },
  { names: [STREAM_ITEMS.name], run: streamItems },
  { names: [RESPONSE_HEADERS_CONFORMANCE.name], run: responseHeadersConformance },
  { names: [LOCATION.name, ENSURE_RESOURCE_AVAILABILITY.name], run: location },
  { names: [ERROR_STATUS_MATCH.name], run: errorStatusMatch },
  { names: [RATE_LIMIT_CONSISTENCY.name], run: rateLimitConsistency },
];

/** The checks any answer of the runner gets, whatever its method: the only ones a request with an undocumented method gets. */
export const HTTP_CHECKS: readonly NamedResponseCheck[] = [
  { names: [NOT_A_SERVER_ERROR.name], run: notAServerError },
  { names: [UNSUPPORTED_METHOD.name], run: unsupportedMethod },
  { names: [ALLOW_HEADER_CONFORMANCE.name], run: allowHeaderConformance },
  { names: [MAX_RESPONSE_TIME.name], run: maxResponseTime },
];

/** The document checks as plain functions, for the validation proxy. */
export const RESPONSE_CHECKS: readonly Check[] = DOCUMENT_CHECKS.map((c) => c.run);

export type { Check, CheckContext, CheckInfo, ReadBack, StateCheck } from './types.js';
