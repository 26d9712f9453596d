import { RESPONSE_CHECKS } from '../contract/checks/index.js';
import type { Exchange, Failure } from '../contract/events.js';
import type { SchemaRegistry } from '../contract/schema-registry.js';
import type { Operation } from '../spec/operation-index.js';

/**
 * The runner's own response checks (status documented, content type, body schema, documented
 * headers, Location, Error shape, rate-limit headers) on one proxied answer: the same functions,
 * not a copy, so the proxy and the runner always judge alike. The proxy has no expectations of
 * its own (any documented status will do).
 */
export function checkAnswer(exchange: Exchange, operation: Operation, schemas: SchemaRegistry, receivedAt: number): Failure[] {
  const failures: Failure[] = [];
  for (const check of RESPONSE_CHECKS) {
    try {
      failures.push(...check(exchange, operation, { schemas, receivedAt }));
    } catch (err) {
      // A hostile answer (say, JSON nested thousands deep) must not take the proxy down.
      failures.push({ check: 'checkable', message: `the answer could not be checked: ${(err as Error).message}` });
    }
  }
  return failures;
}

/** A request to a path and method the document does not have: forwarded, and reported. */
export function undocumentedOperation(exchange: Exchange): Failure {
  const url = new URL(exchange.request.url);
  return {
    check: 'operation-documented',
    message: `${exchange.request.method} ${url.pathname} is not an operation of the document`,
    expected: 'a documented path and method',
    actual: `${exchange.request.method} ${url.pathname}`,
  };
}
