import type { Ajv } from 'ajv';
import { ApiError } from '../core/errors.js';
import { requestView } from '../spec/request-view.js';
import type { Operation } from '../spec/operation-index.js';
import { createAjv } from '../validation/create-ajv.js';
import { compileRequestValidator, type RequestValidator } from '../validation/request-validator.js';
import { jsonContent } from './documented-response.js';
import { matchTemplate, relativePath } from './request-builder.js';
import type { OutgoingRequest } from './transport.js';

/** A request the runner cannot make right (the document refuses it, or a link read nothing): the case is skipped with this reason, not sent. */
export class UnsendableRequestError extends Error {}

/**
 * Checks a request the runner built for a positive case against its operation, with the
 * validator the mock uses (src/validation, readOnly fields not required of a client), before it
 * is sent (INTERFACE section 15, issue 20 class 6): a request the document refuses would have the
 * target's correct 400 reported as its failure. Validators are compiled on first use.
 */
export class RequestPrecheck {
  private readonly validators = new Map<Operation, RequestValidator>();
  private ajv: Ajv | undefined;

  constructor(private readonly baseUrl: string) {}

  check(operation: Operation, request: OutgoingRequest): void {
    const problems = this.problems(operation, request);
    if (problems !== undefined) throw new UnsendableRequestError(`not sent: the runner could not make a request the document accepts (${problems})`);
  }

  /**
   * For a case that must send what the document refuses (a wrong-type body, a value past a bound):
   * one the validator accepts shows no refusal (a field whose schema has no `type` takes any value),
   * so it is not sent and says why (issue 20 class 3).
   */
  checkRefused(operation: Operation, request: OutgoingRequest): void {
    if (this.problems(operation, request) === undefined) {
      throw new UnsendableRequestError('not sent: the document accepts this request as it is (the value meant to break it fits its schema), so no refusal can be expected of it');
    }
  }

  /** What the document refuses of a request, in words; undefined where it accepts it. */
  private problems(operation: Operation, request: OutgoingRequest): string | undefined {
    const url = new URL(request.url);
    const path = relativePath(this.baseUrl, request.url);
    if (path === undefined) return undefined;
    const pathParams = matchTemplate(operation.routePath, path.split('?')[0]!) ?? {};
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]));
    const json = request.body !== undefined && /json/i.test(headers['content-type'] ?? 'application/json');
    try {
      this.validatorFor(operation)({ pathParams, query: url.search.slice(1), headers, body: json ? request.body : undefined });
      return undefined;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return (err.details ?? []).slice(0, 3).map((d) => `${d.path} ${d.message}`).join('; ') || err.message;
    }
  }

  private validatorFor(operation: Operation): RequestValidator {
    let validator = this.validators.get(operation);
    if (!validator) this.validators.set(operation, (validator = compileRequestValidator(requestView(jsonBodyView(operation)), (this.ajv ??= createAjv()))));
    return validator;
  }
}

/**
 * The operation with the body the runner sends (the JSON media type it picks, `*\/*` or
 * `application/scim+json` as much as `application/json`) under the key the validator reads: the
 * validator knows `application/json` only, so a body documented under another key went out
 * unchecked and the target's correct 400 (Kubernetes' `format: byte`) was reported as its failure.
 */
function jsonBodyView(operation: Operation): Operation {
  const content = operation.requestBody?.content;
  const json = jsonContent(content);
  if (!json || json.mediaType === 'application/json') return operation;
  return { ...operation, requestBody: { ...operation.requestBody!, content: { ...content, 'application/json': json.media } } };
}
