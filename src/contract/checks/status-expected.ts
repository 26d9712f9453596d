import type { Failure } from '../events.js';
import type { Check } from './types.js';
import { describeRequest } from './types.js';

/**
 * The case expected a particular status (201 for a create, 401 without a key), or a range (`4XX`
 * where the document allows any client error), and error code where it matters.
 */
export const statusExpected: Check = (exchange, _operation, context) => {
  const failures: Failure[] = [];
  const { status, body } = exchange.response;
  const expected = context.expectedStatuses;
  if (expected && !expected.some((key) => key === String(status) || (/^[1-5]XX$/.test(key) && key[0] === String(status)[0]))) {
    failures.push({
      check: 'status-expected',
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
        check: 'status-expected',
        message: `${describeRequest(exchange)} answered code ${JSON.stringify(code)}; this case expects '${context.expectedCode}'`,
        expected: context.expectedCode,
        actual: JSON.stringify(code),
        location: '$.code',
      });
    }
  }
  return failures;
};
