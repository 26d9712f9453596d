import type { Ajv } from 'ajv';
import { requestView } from '../spec/request-view.js';
import type { Operation } from '../spec/operation-index.js';
import { compileRequestValidator, type RequestValidator, type ValidRequest } from '../validation/request-validator.js';
import type { MockRequest } from './mock-request.js';
import { parseCookieHeader } from './request-credentials.js';
import { CheckedBody, compileBodyReader, type BodyReader } from './read-request-body.js';

/**
 * The checks of a request against its operation, in the order of section 5: media type and size
 * (415, 413), then path, query, headers and body (400). One place for the mock and the validation
 * proxy, so the proxy refuses exactly what the mock refuses. Each operation's reader and
 * validator are compiled on its first request, then kept: start-up pays for no operation unused.
 */
export interface RequestChecks {
  check(operation: Operation, params: Readonly<Record<string, string>>, request: MockRequest, bodyLimit: number): Promise<ValidRequest>;
}

export function createRequestChecks(ajv: Ajv): RequestChecks {
  const validators = new Map<Operation, RequestValidator>();
  const bodyReaders = new Map<Operation, BodyReader>();
  // The request as a client sends it: readOnly properties are never required of it.
  const validatorFor = (operation: Operation): RequestValidator => {
    let validator = validators.get(operation);
    if (!validator) validators.set(operation, (validator = compileRequestValidator(requestView(operation), ajv)));
    return validator;
  };
  const bodyReaderFor = (operation: Operation): BodyReader => {
    let reader = bodyReaders.get(operation);
    if (!reader) bodyReaders.set(operation, (reader = compileBodyReader(requestView(operation), ajv)));
    return reader;
  };
  return {
    async check(operation, params, request, bodyLimit) {
      const body = operation.requestBody ? await bodyReaderFor(operation)(request, bodyLimit) : undefined;
      const cookie = request.headers.cookie;
      const parts = { pathParams: params, query: request.query, headers: request.headers, cookies: parseCookieHeader(Array.isArray(cookie) ? cookie.join('; ') : cookie) };
      if (!(body instanceof CheckedBody)) return validatorFor(operation)({ ...parts, body });
      // A body of another media type was checked by its reader; the validator checks the rest.
      const valid = validatorFor(withoutBody(operation))({ ...parts, body: undefined });
      valid.body = body.value;
      return valid;
    },
  };
}

const bodiless = new WeakMap<Operation, Operation>();

function withoutBody(operation: Operation): Operation {
  let copy = bodiless.get(operation);
  if (!copy) bodiless.set(operation, (copy = { ...operation, operationId: `${operation.operationId} (no body)`, requestBody: undefined }));
  return copy;
}
