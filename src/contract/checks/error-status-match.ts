import { documentedBodyProperty } from '../documented-response.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const ERROR_STATUS_MATCH: CheckInfo = { name: "error-status-match", checks: "an error body's numeric status equals the HTTP status it came with", basis: "the document's error schema names a numeric status" };

/**
 * An error body's `status` equals the HTTP status it came with, where the document's error schema
 * has a numeric `status` (another document's `status: "error"` is not an HTTP status).
 */
export const errorStatusMatch: Check = (exchange, operation) => {
  const { status, body } = exchange.response;
  if (status < 400 || body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const type = documentedBodyProperty(operation, status, 'status')?.type;
  if (type !== 'integer' && type !== 'number') return [];
  if (!('status' in body)) return [];
  const claimed = (body as Record<string, unknown>).status;
  if (claimed === status) return [];
  return [
    {
      check: ERROR_STATUS_MATCH.name,
      message: `${describeRequest(exchange)} answered HTTP ${status} with an Error whose status is ${JSON.stringify(claimed)}`,
      expected: String(status),
      actual: JSON.stringify(claimed),
      location: '$.status',
    },
  ];
};
