import type { OpenAPIV3 } from 'openapi-types';
import { HTTP_METHODS, type Document, type HttpMethod, type MediaType, type Parameter, type Response } from './openapi.js';
import { SpecError } from './spec-error.js';

export type Stability = 'beta' | 'experimental';

/** Everything the mock and the runner need to know about one operation, read once from the document. */
export interface Operation {
  operationId: string;
  method: HttpMethod;
  /** The path template as written, e.g. `/pets/{petId}`. */
  path: string;
  tags: readonly string[];
  summary: string;
  stability: Stability | undefined;
  deprecated: boolean;
  /** `x-sunset`, an ISO 8601 instant, when the operation has one. */
  sunset: string | undefined;
  /** `x-deprecated-at`, the ISO 8601 instant since which a deprecated operation is deprecated. */
  deprecatedAt: string | undefined;
  /** `x-successor`, the path template of the operation that replaces a deprecated one. */
  successor: string | undefined;
  /** Path-level and operation-level parameters merged (operation wins on the same name and `in`). */
  parameters: readonly Parameter[];
  requestBody: { required: boolean; content: Readonly<Record<string, MediaType>> } | undefined;
  /** Keyed by status code as written (`'200'`, `'404'`, `'default'`). */
  responses: Readonly<Record<string, Response>>;
  /** The effective security requirements (operation's, else the document's). */
  security: readonly OpenAPIV3.SecurityRequirementObject[];
}

export interface OperationIndex {
  readonly operations: readonly Operation[];
  byId(operationId: string): Operation | undefined;
}

/** Reads every operation of a dereferenced document, checking what the rest of the code relies on. */
export function buildOperationIndex(document: Document, file = 'document'): OperationIndex {
  const operations: Operation[] = [];
  const problems: string[] = [];
  const seen = new Map<string, string>();

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    const shared = (item.parameters ?? []) as Parameter[];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (!op.operationId) {
        problems.push(`${where} has no operationId`);
        continue;
      }
      const previous = seen.get(op.operationId);
      if (previous) problems.push(`operationId ${op.operationId} is used by both ${previous} and ${where}`);
      seen.set(op.operationId, where);

      const parameters = mergeParameters(shared, (op.parameters ?? []) as Parameter[]);
      for (const name of templateNames(path)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
          problems.push(`${where} does not declare its path parameter {${name}}`);
        }
      }
      const stability = (op as Record<string, unknown>)['x-stability'];
      if (stability !== undefined && stability !== 'beta' && stability !== 'experimental') {
        problems.push(`${where} has x-stability ${JSON.stringify(stability)} (expected beta or experimental)`);
      }
      const ext = op as Record<string, unknown>;
      const sunset = ext['x-sunset'];
      const deprecatedAt = ext['x-deprecated-at'];
      const successor = ext['x-successor'];
      for (const [name, value] of [['x-sunset', sunset], ['x-deprecated-at', deprecatedAt]] as const) {
        if (value !== undefined && (typeof value !== 'string' || Number.isNaN(Date.parse(value)))) {
          problems.push(`${where} has an ${name} that is not an ISO 8601 instant`);
        }
      }
      if (successor !== undefined && (typeof successor !== 'string' || !successor.startsWith('/'))) {
        problems.push(`${where} has an x-successor that is not a path`);
      }
      const body = op.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      operations.push({
        operationId: op.operationId,
        method,
        path,
        tags: op.tags ?? [],
        summary: op.summary ?? '',
        stability: stability as Stability | undefined,
        deprecated: op.deprecated === true,
        sunset: sunset as string | undefined,
        deprecatedAt: deprecatedAt as string | undefined,
        successor: successor as string | undefined,
        parameters,
        requestBody: body ? { required: body.required === true, content: body.content } : undefined,
        responses: op.responses as Record<string, Response>,
        security: op.security ?? document.security ?? [],
      });
    }
  }
  if (problems.length > 0) throw new SpecError(file, 'has operations the kit cannot use', problems);

  const byId = new Map(operations.map((o) => [o.operationId, o]));
  return { operations, byId: (id) => byId.get(id) };
}

function mergeParameters(shared: Parameter[], own: Parameter[]): Parameter[] {
  const key = (p: Parameter) => `${p.in}:${p.name}`;
  const merged = new Map(shared.map((p) => [key(p), p]));
  for (const p of own) merged.set(key(p), p);
  return [...merged.values()];
}

export function templateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}
