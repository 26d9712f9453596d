import type { Parameter, Schema } from '../spec/openapi.js';
import type { Operation, OperationIndex } from '../spec/operation-index.js';
import type { CaseResult } from './events.js';
import type { SkippableStability } from './options.js';
import { OPERATION_SEMANTICS } from './operation-semantics.js';
import type { Credentials, RequestTemplate, ValueSource } from './request-template.js';
import { bodyRefs, resourceFor, type Resource } from './resources.js';
import { requestBodies, sampleFromSchema } from './sample-value.js';

/** One case of the plan: data only, executed by the engine. */
export interface PlannedCase extends Pick<CaseResult, 'id' | 'operationId' | 'method' | 'path' | 'title' | 'kind'> {
  /** Records to create first, dependencies before dependents (category, pet, order). */
  fixtures: readonly string[];
  /** Calls after the fixtures and before the request (a pet's stock before an order). */
  prepare: readonly RequestTemplate[];
  request: RequestTemplate;
  /** Statuses the request may answer (documented keys). */
  expect: readonly string[];
  expectCode?: string;
  /** What to verify after the request. */
  verify?: 'location' | 'created' | 'updated' | 'deleted';
  skipReason?: string;
}

/** How to create one record of a resource for a case. */
export interface FixtureRecipe {
  resource: Resource;
  prepare: readonly RequestTemplate[];
  request: RequestTemplate;
}

/** The shared knowledge the case builders draw on: resources, fixtures, and the stability filter. */
export class Planner {
  readonly recipes = new Map<string, FixtureRecipe>();

  constructor(
    readonly index: OperationIndex,
    readonly resources: ReadonlyMap<string, Resource>,
    private readonly skipStability: readonly SkippableStability[],
  ) {
    for (const resource of resources.values()) {
      this.recipes.set(resource.name, {
        resource,
        request: this.template(resource.create, 'api-key', { body: resource.createBody }),
        prepare: this.prerequisites(resource.create, resource.createBody),
      });
    }
  }

  /** A request for an operation: path ids from fixtures, other parameters from their examples. */
  template(operation: Operation, credentials: Credentials, parts: { body?: unknown; path?: Record<string, ValueSource>; query?: Record<string, unknown> } = {}): RequestTemplate {
    const pathParams: Record<string, ValueSource> = {};
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      const resource = resourceFor(this.resources, parameter.name);
      pathParams[parameter.name] = parts.path?.[parameter.name] ?? (resource ? { fixture: resource.name } : { value: parameterExample(parameter) });
    }
    const template: RequestTemplate = { operationId: operation.operationId, pathParams, query: parts.query ?? {}, credentials };
    if (parts.body !== undefined) template.body = { value: parts.body, refs: bodyRefs(this.resources, operation, parts.body) };
    return template;
  }

  /** What must be called before an operation can succeed (OPERATION_SEMANTICS), with the body it needs. */
  prerequisites(operation: Operation, body: unknown): RequestTemplate[] {
    const entry = OPERATION_SEMANTICS[operation.operationId];
    if (!entry) return [];
    return entry.prerequisites.map((prerequisite) => {
      const before = this.index.byId(prerequisite.operationId)!;
      const value = { ...(requestBodies(before)[0]?.value as Record<string, unknown> | undefined) };
      for (const [field, from] of Object.entries(prerequisite.atLeast)) {
        const wanted = (body as Record<string, unknown> | undefined)?.[from];
        if (typeof wanted === 'number' && !(typeof value[field] === 'number' && (value[field] as number) >= wanted)) value[field] = wanted;
      }
      return this.template(before, 'api-key', { body: value });
    });
  }

  /** The fixtures some requests need, with their own dependencies first, each once. */
  fixturesFor(templates: readonly RequestTemplate[]): string[] {
    const ordered: string[] = [];
    const visit = (name: string, trail: readonly string[]) => {
      if (ordered.includes(name) || trail.includes(name)) return;
      const recipe = this.recipes.get(name);
      if (recipe) for (const dep of namedFixtures([...recipe.prepare, recipe.request])) if (dep !== name) visit(dep, [...trail, name]);
      ordered.push(name);
    };
    for (const name of namedFixtures(templates)) visit(name, []);
    return ordered;
  }

  /** Why a case cannot run under --skip-stability: a fixture or prerequisite needs an excluded operation. */
  skipReason(fixtures: readonly string[], prepare: readonly RequestTemplate[]): string | undefined {
    const uses: { operationId: string; purpose: string }[] = [];
    for (const name of fixtures) {
      const recipe = this.recipes.get(name)!;
      uses.push({ operationId: recipe.request.operationId, purpose: `create a ${name}` });
      for (const p of recipe.prepare) uses.push({ operationId: p.operationId, purpose: `prepare a ${name}` });
    }
    for (const p of prepare) uses.push({ operationId: p.operationId, purpose: 'prepare the request' });
    for (const use of uses) {
      const stability = this.index.byId(use.operationId)?.stability;
      if (stability && this.skipStability.includes(stability)) {
        return `needs ${use.operationId} (${stability}) to ${use.purpose}, and --skip-stability ${stability} excludes it`;
      }
    }
    return undefined;
  }

  /** A case with its fixtures and skip reason worked out from its requests. */
  makeCase(operation: Operation, fields: Omit<PlannedCase, 'operationId' | 'method' | 'path' | 'fixtures' | 'prepare'> & { prepare?: RequestTemplate[] }): PlannedCase {
    const prepare = fields.prepare ?? [];
    const fixtures = this.fixturesFor([...prepare, fields.request]);
    const planned: PlannedCase = { ...fields, operationId: operation.operationId, method: operation.method.toUpperCase(), path: operation.path, fixtures, prepare };
    const skipReason = fields.skipReason ?? this.skipReason(fixtures, prepare);
    if (skipReason) planned.skipReason = skipReason;
    return planned;
  }
}

function namedFixtures(templates: readonly RequestTemplate[]): string[] {
  const names: string[] = [];
  for (const t of templates) {
    for (const source of Object.values(t.pathParams)) if ('fixture' in source) names.push(source.fixture);
    for (const name of Object.values(t.body?.refs ?? {})) names.push(name);
  }
  return names;
}

/** A parameter's example, else its schema's, else a generated value. */
export function parameterExample(parameter: Parameter): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values(parameter.examples ?? {})[0] as { value?: unknown } | undefined;
  if (named?.value !== undefined) return named.value;
  return sampleFromSchema((parameter.schema ?? {}) as Schema);
}
