import type { Ajv } from 'ajv';
import type { Operation } from '../spec/operation-index.js';
import { briefly } from '../spec/spec-error.js';
import { compileRequestValidator } from './request-validator.js';

/**
 * Why an operation's schemas cannot be compiled (a pattern no regular-expression engine reads,
 * say), or undefined when they all compile. For start-up: an operation whose schemas do not
 * compile is named there, with this reason, instead of answering 500 to every request. It costs
 * one compilation of every schema at start-up (ajv keeps the response ones in its cache; the
 * request validator's parameter wrappers are built again when the operation is first served).
 */
export function schemaProblem(operation: Operation, ajv: Ajv): string | undefined {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  try {
    compileRequestValidator(operation, ajv);
  } catch (err) {
    return `${where}: a request schema cannot be compiled: ${briefly(err)}`;
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    for (const [mediaType, media] of Object.entries(response.content ?? {})) {
      if (!media.schema) continue;
      try {
        ajv.compile(media.schema);
      } catch (err) {
        return `${where}: the ${status} ${mediaType} schema cannot be compiled: ${briefly(err)}`;
      }
    }
  }
  return undefined;
}
