import type { Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { documents, successStatuses } from './documented-response.js';
import type { PlannedCase, Planner } from './planner.js';
import { parameterExample } from './planner.js';
import { requestBodies } from './sample-value.js';

/**
 * An operation with `x-sunset` that documents 410 may answer it once the sunset has passed (by
 * the server's clock, which the runner cannot see): a documented 410 is then conforming.
 */
export function sunsetStatuses(operation: Operation): string[] {
  return operation.sunset !== undefined && documents(operation, '410') ? ['410'] : [];
}

export function expectedText(expect: readonly string[], operation: Operation): string {
  const sunset = sunsetStatuses(operation);
  const main = expect.filter((s) => !sunset.includes(s));
  return `answers ${main.join(' or ')}${sunset.length > 0 && main.length < expect.length ? ` (or ${sunset.join(', ')} after its sunset)` : ''}`;
}

/** A valid request per named example of the body (or one generated), and for lists one with the documented query examples. */
export function positiveCases(planner: Planner, operation: Operation): PlannedCase[] {
  const expect = [...successStatuses(operation), ...sunsetStatuses(operation)];
  if (successStatuses(operation).length === 0) return [];
  const verify = expect.includes('201') ? ('location' as const) : undefined;
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const cases: PlannedCase[] = [];
  const bodies = requestBodies(operation);
  for (const { name, value } of bodies) {
    cases.push(
      planner.makeCase(operation, {
        id: `${operation.operationId}/positive/example:${name}`,
        title: `${where} with ${name === 'generated' ? 'a body generated from the schema' : `example "${name}"`} ${expectedText(expect, operation)}`,
        kind: 'positive',
        request: planner.template(operation, 'api-key', { body: value }),
        ...planner.preparation(operation, value),
        expect,
        ...(verify ? { verify } : {}),
      }),
    );
  }
  if (bodies.length > 0) return cases;

  cases.push(
    planner.makeCase(operation, {
      id: `${operation.operationId}/positive/plain`,
      title: `${where} ${expectedText(expect, operation)}`,
      kind: 'positive',
      request: planner.template(operation, 'api-key'),
      ...planner.preparation(operation, undefined),
      expect,
    }),
  );
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  if (queryParameters.length > 0) {
    const query: Record<string, unknown> = {};
    for (const parameter of queryParameters) {
      const value = parameterExample(parameter);
      if (value !== undefined && !((parameter.schema as Schema | undefined)?.type === 'array' && Array.isArray(value) && value.length === 0)) query[parameter.name] = value;
    }
    cases.push(
      planner.makeCase(operation, {
        id: `${operation.operationId}/positive/query-examples`,
        title: `${where} with every query parameter's example (${Object.keys(query).join(', ')}) ${expectedText(expect, operation)}`,
        kind: 'positive',
        request: planner.template(operation, 'api-key', { query }),
        expect,
      }),
    );
  }
  return cases;
}
