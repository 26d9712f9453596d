import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const UNSUPPORTED_METHOD: CheckInfo = {
  name: 'unsupported_method',
  checks: 'a method the document does not give a path is refused with 405',
  basis: 'RFC 9110 section 15.5.6: 405 for a method the target resource does not support',
};

/** Applies to a request made with another method than its operation's (the negative phase's unsupported-method case). */
export const unsupportedMethod: Check = (exchange, operation) => {
  const { status } = exchange.response;
  if (exchange.request.method.toLowerCase() === operation.method || status === 405) return [];
  return [
    {
      check: UNSUPPORTED_METHOD.name,
      message: `${describeRequest(exchange)} answered ${status}; the document gives ${operation.path} no ${exchange.request.method}`,
      expected: '405',
      actual: String(status),
      location: 'status',
    },
  ];
};
