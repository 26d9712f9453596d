import { documentedResponse, documentedStatuses, requiresCredential } from '../documented-response.js';
import type { Check } from './types.js';
import { describeRequest } from './types.js';

/**
 * The status must be one the operation documents. An undocumented status is a failure, never a
 * warning (Prism's validator only warns on an undocumented 4xx/5xx): clients are written from the
 * document, so a status it does not list is one they cannot handle. A 401 from an operation that
 * requires a credential is documented by its `security` (decision 027).
 */
export const statusDocumented: Check = (exchange, operation) => {
  const { status } = exchange.response;
  if (documentedResponse(operation, status) || (status === 401 && requiresCredential(operation))) return [];
  return [
    {
      check: 'status-documented',
      message: `${describeRequest(exchange)} answered ${status}, which ${operation.operationId} does not document`,
      expected: `one of ${documentedStatuses(operation).join(', ')}`,
      actual: String(status),
      location: 'status',
    },
  ];
};
