import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const NOT_A_SERVER_ERROR: CheckInfo = {
  name: 'not_a_server_error',
  checks: 'no answer is a 5xx, documented or not',
  basis: 'RFC 9110 section 15.6: a 5xx says the server failed on a request it should have handled',
};

/** Any 5xx fails, except a 503 the polite client waited out and sent again (the target's limit at work). */
export const notAServerError: Check = (exchange, _operation, context) => {
  const { status } = exchange.response;
  if (status < 500 || status > 599 || context.waitedOut) return [];
  return [{ check: NOT_A_SERVER_ERROR.name, message: `${describeRequest(exchange)} answered ${status}`, expected: 'not 5xx', actual: String(status), location: 'status' }];
};
