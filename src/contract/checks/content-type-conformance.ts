import { documentedMediaTypes, documentedResponse, mediaTypeAllowed } from '../documented-response.js';
import { hasNoContent, mediaTypeOf } from '../http-syntax.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const CONTENT_TYPE_CONFORMANCE: CheckInfo = { name: "content_type_conformance", checks: "a documented body comes with a documented media type, JSON in UTF-8", basis: "the response's content map in the document; RFC 9110 section 8.3; RFC 8259 section 8.1" };

/**
 * A documented body comes with one of the documented media types or ranges (`text/*`; parameters such as
 * `charset=utf-8` allowed; JSON is UTF-8, so another charset is wrong); a success documented
 * without a body has none. An error documented by its description alone may carry a message:
 * many documents describe errors that way, and their servers are not wrong to explain.
 */
export const contentTypeConformance: Check = (exchange, operation) => {
  const documented = documentedResponse(operation, exchange.response.status);
  if (!documented) return [];
  const header = exchange.response.headers['content-type'];
  const allowed = documentedMediaTypes(documented.response);
  // Named only when something failed: most answers pass, and parsing the URL is not free.
  const where = () => describeRequest(exchange);
  if (allowed.length === 0) {
    if (exchange.response.text.length === 0 || exchange.response.status >= 400) return [];
    return [{ check: CONTENT_TYPE_CONFORMANCE.name, message: `${where()} answered ${exchange.response.status} with a body, which the document says has none`, expected: 'no body', actual: header ?? 'a body without Content-Type', location: 'header Content-Type' }];
  }
  // A documented body on a 204/304/HEAD answer is a promise HTTP does not let a server keep.
  if (hasNoContent(exchange.response.status, exchange.request.method)) return [];
  const media = mediaTypeOf(header);
  if (!media || !mediaTypeAllowed(media.type, allowed)) {
    return [{ check: CONTENT_TYPE_CONFORMANCE.name, message: `${where()} answered ${exchange.response.status} with Content-Type ${header ?? '(none)'}`, expected: allowed.join(' or '), actual: header ?? '(none)', location: 'header Content-Type' }];
  }
  const charset = media.params.charset?.toLowerCase();
  if (media.type.endsWith('json') && charset !== undefined && charset !== 'utf-8') {
    return [{ check: CONTENT_TYPE_CONFORMANCE.name, message: `${where()} declares charset=${charset}; JSON is UTF-8 (RFC 8259)`, expected: 'charset=utf-8 or none', actual: header ?? '', location: 'header Content-Type' }];
  }
  return [];
};
