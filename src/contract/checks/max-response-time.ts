import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const MAX_RESPONSE_TIME: CheckInfo = {
  name: 'max_response_time',
  checks: 'every answer arrives within --max-response-time MS (active only with that flag)',
  basis: 'the limit the user gives; neither the document nor HTTP sets one',
};

export const maxResponseTime: Check = (exchange, _operation, context) => {
  const limit = context.maxResponseTimeMs;
  if (limit === undefined || exchange.durationMs <= limit) return [];
  return [{ check: MAX_RESPONSE_TIME.name, message: `${describeRequest(exchange)} took ${Math.round(exchange.durationMs)} ms, over --max-response-time ${limit}`, expected: `<= ${limit} ms`, actual: `${Math.round(exchange.durationMs)} ms`, location: 'time' }];
};
