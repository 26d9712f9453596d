import type { Failure } from '../events.js';
import { NEGATIVE_DATA_REJECTION } from './negative-data-rejection.js';
import { POSITIVE_DATA_ACCEPTANCE } from './positive-data-acceptance.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const STATUS_EXPECTED: CheckInfo = {
  name: 'status-expected',
  checks: 'a request the document gives one answer to gets it (unknown id 404, read-only key 403, a JSON body as text/plain 415, a refusal of the model)',
  basis: 'the statuses the document lists for that situation; RFC 9110 section 15.5',
};

/**
 * The case expected a particular status (201 for a create, 401 without a key), or a range (`4XX`
 * where the document allows any client error), and error code where it matters. The failure is
 * named after what the expectation is about: a case's own name (`ignored_auth`), else
 * positive_data_acceptance when only success would do, negative_data_rejection when only a
 * refusal of invalid input (400, 422, 4XX) would, else status-expected.
 */
export const statusExpected: Check = (exchange, _operation, context) => {
  const failures: Failure[] = [];
  const { status, body } = exchange.response;
  const expected = context.expectedStatuses;
  if (expected && !expected.some((key) => key === String(status) || (/^[1-5]XX$/.test(key) && key[0] === String(status)[0]))) {
    failures.push({
      check: context.expectedCheck ?? expectationCheck(expected),
      message: `${describeRequest(exchange)} answered ${status}; this case expects ${expected.join(' or ')}`,
      expected: expected.join(' or '),
      actual: String(status),
      location: 'status',
    });
    return failures;
  }
  if (context.expectedCode !== undefined) {
    const code = body !== null && typeof body === 'object' ? (body as Record<string, unknown>).code : undefined;
    if (code !== context.expectedCode) {
      failures.push({
        check: STATUS_EXPECTED.name,
        message: `${describeRequest(exchange)} answered code ${JSON.stringify(code)}; this case expects '${context.expectedCode}'`,
        expected: context.expectedCode,
        actual: JSON.stringify(code),
        location: '$.code',
      });
    }
  }
  return failures;
};

const INVALID_INPUT = new Set(['400', '422', '4XX']);

/** Which named check a list of expected statuses stands for. */
export function expectationCheck(expected: readonly string[]): string {
  if (expected.every((key) => key.startsWith('2'))) return POSITIVE_DATA_ACCEPTANCE.name;
  if (expected.some((key) => INVALID_INPUT.has(key)) && expected.every((key) => key.startsWith('4'))) return NEGATIVE_DATA_REJECTION.name;
  return STATUS_EXPECTED.name;
}
