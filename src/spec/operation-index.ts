import type { OpenAPIV3 } from 'openapi-types';
import { HTTP_METHODS, type Document, type HttpMethod, type MediaType, type Parameter, type Response } from './openapi.js';
import { routeOf, type RouteDiscriminator } from './route-key.js';
import { SpecError } from './spec-error.js';

export type Stability = 'beta' | 'experimental';

/** Everything the mock and the runner need to know about one operation, read once from the document. */
export interface Operation {
  operationId: string;
  /**
   * True when the index made the operationId: the document gives none (made from the method and
   * path), or gives one an earlier operation already has (numbered, `addPet2`).
   */
  operationIdSynthesized: boolean;
  method: HttpMethod;
  /** The path key as written, e.g. `/pets/{petId}` or `/#X-Amz-Target=Svc.Op`. */
  path: string;
  /** The path the key routes (the key without a discriminator after `#` or `?`; src/spec/route-key.ts). */
  routePath: string;
  /** What besides the path tells this operation apart, read from the key (`/?Action=Describe`). */
  discriminators: readonly RouteDiscriminator[];
  tags: readonly string[];
  summary: string;
  /** The operation's description, where it has one (a list that says it is "ordered by id"). */
  description?: string;
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
  /** What the index read past rather than refuse (a repeated operationId, an undeclared path parameter), worth printing. */
  readonly notes: readonly string[];
}

/** Reads every operation of a dereferenced document, checking what the rest of the code relies on. */
export function buildOperationIndex(document: Document, file = 'document'): OperationIndex {
  const operations: Operation[] = [];
  const problems: string[] = [];
  const notes: string[] = [];
  const seen = new Map<string, string>();
  const { synthesize, renumber } = operationIdSynthesizer(document);

  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    const shared = (item.parameters ?? []) as Parameter[];
    for (const [method, op] of operationsOf(item, path, notes)) {
      const where = `${method.toUpperCase()} ${path}`;
      let operationId = op.operationId || synthesize(method, path);
      const previous = seen.get(operationId);
      if (previous) {
        // OpenAPI wants operationIds unique, but Prism serves both; so does the kit, under a numbered id.
        const renamed = renumber(operationId);
        notes.push(`operationId ${operationId} is used by both ${previous} and ${where}; the kit calls the second ${renamed}`);
        operationId = renamed;
      }
      seen.set(operationId, where);

      const parameters = mergeParameters(shared, (op.parameters ?? []) as Parameter[]);
      for (const name of templateNames(path)) {
        if (!parameters.some((p) => p.in === 'path' && p.name === name)) {
          notes.push(`${where} does not declare its path parameter {${name}}; any text is taken there`);
          parameters.push({ name, in: 'path', required: true, schema: { type: 'string' } });
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
      const route = routeOf(path, parameters);
      operations.push({
        operationId,
        operationIdSynthesized: !op.operationId || previous !== undefined,
        method,
        path,
        routePath: route.path,
        discriminators: route.discriminators,
        tags: op.tags ?? [],
        summary: op.summary ?? '',
        ...(op.description ? { description: op.description } : {}),
        stability: stability as Stability | undefined,
        deprecated: op.deprecated === true,
        sunset: sunset as string | undefined,
        deprecatedAt: deprecatedAt as string | undefined,
        successor: successor as string | undefined,
        parameters,
        requestBody: body ? { required: body.required === true, content: body.content } : undefined,
        // 3.1 makes `responses` optional; an operation without them answers as if it had none documented.
        responses: (op.responses ?? {}) as Record<string, Response>,
        security: op.security ?? document.security ?? [],
      });
    }
  }
  if (problems.length > 0) throw new SpecError(file, 'has operations the kit cannot use', problems);

  const byId = new Map(operations.map((o) => [o.operationId, o]));
  return { operations, byId: (id) => byId.get(id), notes };
}

/**
 * Makes an operationId for operations the document leaves without one, from the method and the
 * path (`get /things/{id}` -> `getThingsById`), numbered when that name is taken. Names the document
 * gives are reserved first, so adding an operationId elsewhere never renames a synthesized one
 * unless it takes that very name.
 */
function operationIdSynthesizer(document: Document): {
  synthesize(method: HttpMethod, path: string): string;
  renumber(id: string): string;
} {
  const taken = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!item) continue;
    for (const [, op] of operationsOf(item, path, [])) {
      if (op.operationId) taken.add(op.operationId);
    }
  }
  const renumber = (base: string) => {
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}${n}`;
    taken.add(id);
    return id;
  };
  return {
    synthesize: (method, path) => renumber(method + (path.split('/').map(synthesizedSegment).join('') || 'Root')),
    renumber,
  };
}

/**
 * A Path Item's operations: its fixed method fields (3.2 adds `query`), then 3.2's
 * `additionalOperations`, keyed by the method as sent (`LINK`), held here in lower case like the
 * rest. One that repeats a fixed field is left out with a note (the 3.2 schema forbids it too).
 */
function operationsOf(item: NonNullable<Document['paths'][string]>, path: string, notes: string[]): [HttpMethod, OpenAPIV3.OperationObject][] {
  const found: [HttpMethod, OpenAPIV3.OperationObject][] = [];
  const fields = item as Record<string, OpenAPIV3.OperationObject | undefined>;
  for (const method of HTTP_METHODS) {
    const op = fields[method];
    if (op) found.push([method, op]);
  }
  const additional = (item as { additionalOperations?: Record<string, OpenAPIV3.OperationObject | undefined> }).additionalOperations ?? {};
  for (const [name, op] of Object.entries(additional)) {
    if (!op) continue;
    const method = name.toLowerCase();
    if (found.some(([m]) => m === method)) {
      notes.push(`${path} has additionalOperations ${name}, a method it already has; the kit serves the fixed field`);
      continue;
    }
    found.push([method, op]);
  }
  return found;
}

function synthesizedSegment(segment: string): string {
  const words = segment.replace(/\{([^}]*)\}/g, ' by $1 ').split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
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
