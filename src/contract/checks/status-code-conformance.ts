import { documentedResponse, documentedStatuses, requiresCredential } from '../documented-response.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const STATUS_CODE_CONFORMANCE: CheckInfo = { name: "status_code_conformance", checks: "the status is one the operation documents", basis: "the operation's responses in the document are what clients are written from" };

/**
 * The status must be one the operation documents. An undocumented status is a failure, never a
 * warning (Prism's validator only warns on an undocumented 4xx/5xx): clients are written from the
 * document, so a status it does not list is one they cannot handle. A 401 from an operation that
 * requires a credential is documented by its `security` (decision 028); so is, by RFC 6585, a 429
 * the runner waited out before sending again. A 404 to the runner's own question whether a record
 * exists (before a PUT that names it) is the answer it asked for: HTTP's for a resource that is
 * not there (RFC 9110 section 15.5.5), which a document need not list (decision 097).
 */
export const statusCodeConformance: Check = (exchange, operation, context) => {
  const { status } = exchange.response;
  if (documentedResponse(operation, status) || (status === 401 && requiresCredential(operation))) return [];
  // A refusal the runner waited out is the target's rate limit at work, which any server may apply.
  if (context.waitedOut) return [];
  if (status === 404 && context.existenceProbe) return [];
  return [
    {
      check: STATUS_CODE_CONFORMANCE.name,
      message: `${describeRequest(exchange)} answered ${status}, which ${operation.operationId} does not document`,
      expected: `one of ${documentedStatuses(operation).join(', ')}`,
      actual: String(status),
      location: 'status',
    },
  ];
};
