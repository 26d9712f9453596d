import type { Failure } from '../events.js';
import { documentedResponse } from '../documented-response.js';
import { hasNoContent } from '../http-syntax.js';
import { jsonOf } from '../response-body.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const RESPONSE_SCHEMA_CONFORMANCE: CheckInfo = { name: "response_schema_conformance", checks: "the body matches the documented schema", basis: "the response's schema in the document" };

/** At most this many schema problems per response; the rest are counted, not listed. */
const MAX_PROBLEMS = 5;

/** The body matches the documented schema: types, formats, enums, required, additionalProperties. */
export const responseSchemaConformance: Check = (exchange, operation, context) => {
  const documented = documentedResponse(operation, exchange.response.status);
  if (!documented) return [];
  if (hasNoContent(exchange.response.status, exchange.request.method)) return [];
  const validate = context.schemas.body(operation.operationId, documented.key);
  if (!validate) return [];
  const where = () => `${describeRequest(exchange)} -> ${exchange.response.status}`;
  const { text } = exchange.response;
  if (text.length === 0) {
    return [{ check: RESPONSE_SCHEMA_CONFORMANCE.name, message: `${where()} has no body; the document gives it one`, expected: 'a JSON body', actual: 'empty', location: '$' }];
  }
  let value: unknown;
  try {
    value = jsonOf(text, exchange.response.body);
  } catch {
    return [{ check: RESPONSE_SCHEMA_CONFORMANCE.name, message: `${where()} body is not valid JSON`, expected: 'JSON', actual: text.slice(0, 80), location: '$' }];
  }
  const problems = validate(value);
  if (problems.length === 0) return [];
  const at = where();
  const failures: Failure[] = problems.slice(0, MAX_PROBLEMS).map((p) => ({
    check: RESPONSE_SCHEMA_CONFORMANCE.name,
    message: `${at}: ${p.message}`,
    expected: p.expected,
    actual: p.actual,
    location: p.path,
  }));
  if (problems.length > MAX_PROBLEMS) {
    failures.push({ check: RESPONSE_SCHEMA_CONFORMANCE.name, message: `${at}: and ${problems.length - MAX_PROBLEMS} more schema problems`, location: '$' });
  }
  return failures;
};
