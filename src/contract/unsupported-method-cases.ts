import type { Operation } from '../spec/operation-index.js';
import { documentedValue } from './parameter-values.js';
import { UNSUPPORTED_METHOD } from './checks/unsupported-method.js';
import type { PlannedCase, Planner } from './planner.js';

/** The methods tried, safe first: GET changes nothing; the others are sent only to a record the run made (or with --allow-destructive). */
const CANDIDATES = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * One case per path, planned with the path's first operation: a method the document does not give
 * the path, which must answer 405 (unsupported_method) with an Allow naming the documented methods
 * (allow_header_conformance). HEAD and OPTIONS are left out: HEAD goes with GET (RFC 9110 section
 * 9.3.2) and OPTIONS is answered by CORS; TRACE and CONNECT cannot be sent by fetch. A write to
 * what the run did not create is planned `destructive` (docs/decisions/066-unsupported-method-safely.md).
 */
export function unsupportedMethodCases(planner: Planner, operation: Operation): PlannedCase[] {
  const onPath = planner.index.operations.filter((o) => o.path === operation.path);
  if (onPath[0] !== operation) return [];
  const documented = new Set(onPath.map((o) => o.method));
  // Undocumented as the router sees it, not by this one template: `/x/{a}` with POST also takes POST /x/{id}.
  const probe = probePath(operation);
  const method = CANDIDATES.find((m) => !documented.has(m) && planner.router.match(m.toUpperCase(), probe).kind === 'method-not-allowed');
  if (!method) return [];
  // The request's path values are those of a documented operation of the path: a record the run makes for it where there is one.
  const request = { ...planner.template(operation, 'api-key'), method: method.toUpperCase() };
  const where = `${method.toUpperCase()} ${operation.path}`;
  return [
    planner.makeCase(operation, {
      id: `${operation.operationId}/negative/unsupported-method:${method}`,
      title: `${where}, which the document does not give the path, answers 405 with Allow`,
      kind: 'negative',
      request,
      expect: ['405'],
      check: UNSUPPORTED_METHOD.name,
    }),
  ];
}

/** A concrete path of the operation for the router: each path parameter's documented value, else a plain word. */
function probePath(operation: Operation): string {
  return operation.routePath.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    const value = parameter ? documentedValue(parameter)?.value : undefined;
    return encodeURIComponent(String(value ?? 'x'));
  });
}
