import type { Parameter, Schema } from '../spec/openapi.js';
import type { Operation, OperationIndex } from '../spec/operation-index.js';
import { missingCredentials, type AvailableCredentials, type SecuritySchemes } from './credential-placement.js';
import type { CaseResult } from './events.js';
import { linksGiving } from './links.js';
import { changesRecords, targetParameter } from './own-records.js';
import type { SkippableStability } from './options.js';
import { documentedValue, parameterExample, requiredParameterValues } from './parameter-values.js';
import type { ResourceIndex } from '../spec/resource-model.js';
import { Router } from '../spec/router.js';
import type { Prerequisite } from './prerequisites.js';
import type { Credentials, RequestTemplate, ValueSource } from './request-template.js';
import { listedIdSource, singletonValueSource } from './listed-ids.js';
import { bodyRefs, resourceForPath, type Resource } from './resources.js';
import { requestBodies, sampleFromSchema } from './sample-value.js';

export { parameterExample } from './parameter-values.js';

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
  /** The named check the expected status is judged by, where the statuses alone do not say (`ignored_auth`). */
  check?: string;
  /** What to verify after the request. */
  verify?: 'location' | 'created' | 'updated' | 'updated-as-sent' | 'deleted' | 'list';
  skipReason?: string;
  /** A PUT, PATCH or DELETE of it names what the run does not create (sent only with --allow-destructive). */
  destructive?: boolean;
  /**
   * What the document must make of the case's request, checked with the request validator before
   * it is sent: `accepted` (a value on a bound), `refused` (a value meant to break it). A request
   * that is not so is skipped with the reason; absent, positive and state cases are `accepted`.
   */
  sends?: 'accepted' | 'refused';
}

/** How to make one thing a case needs first: a record of a resource, or a call whose answer a link reads. */
export interface FixtureRecipe {
  /** The resource a record is made of (cleaned up after); absent for a call a link reads. */
  resource?: Resource;
  prepare: readonly RequestTemplate[];
  request: RequestTemplate;
  /** Why it cannot be made (a prerequisite the document lacks, a parameter with no value). */
  skipReason?: string;
  /** Link values (runtime expressions) later requests read from its answer. */
  reads: Set<string>;
}

/** The calls to make before an operation, or why they cannot be made. */
export interface Preparation {
  prepare: RequestTemplate[];
  skipReason?: string;
}

/** What the planner knows besides the operations: prerequisites, security schemes and which credentials the run has. */
export interface PlannerContext {
  prerequisites: ReadonlyMap<string, readonly Prerequisite[]>;
  securitySchemes: SecuritySchemes;
  available: AvailableCredentials;
  /** The document's resource model, shared with the mock (src/spec/resource-model.ts). */
  model: ResourceIndex;
}

/** The shared knowledge the case builders draw on: resources, fixtures, and the stability filter. */
export class Planner {
  readonly recipes = new Map<string, FixtureRecipe>();
  /** Link sources whose recipe is being built, so a link cycle is refused instead of followed. */
  private readonly building = new Set<string>();

  constructor(
    readonly index: OperationIndex,
    readonly resources: ReadonlyMap<string, Resource>,
    private readonly skipStability: readonly SkippableStability[],
    private readonly context: PlannerContext,
  ) {
    for (const resource of resources.values()) this.recipes.set(resource.name, { resource, request: undefined!, prepare: [], reads: new Set() });
    for (const resource of resources.values()) {
      const recipe = this.recipes.get(resource.name)!;
      this.building.add(resource.create.operationId);
      // A record made by a PUT at its item path is named by the run: the parameter's example, else a sample.
      const named = resource.putCreates ? { path: { [resource.idParam]: { value: parameterExample(resource.create.parameters.find((p) => p.name === resource.idParam && p.in === 'path')!) } } } : {};
      Object.assign(recipe, { request: this.template(resource.create, 'api-key', { body: resource.createBody, ...named }), ...this.preparation(resource.create, resource.createBody) });
      this.building.delete(resource.create.operationId);
    }
  }

  /** The document's resource model, shared with the mock. */
  get model(): ResourceIndex {
    return this.context.model;
  }

  private routerMemo: Router | undefined;

  /** The routing the mock uses (src/spec/router.ts): which operation a method on a path reaches, built on first use. */
  get router(): Router {
    return (this.routerMemo ??= new Router(this.index.operations));
  }

  /**
   * A request for an operation. A path parameter comes from a link of another operation's answer,
   * else from the resource it names, else from the document's example; a required query, header
   * or cookie parameter from its example or schema. A value the run cannot know is marked.
   */
  template(operation: Operation, credentials: Credentials, parts: { body?: unknown; path?: Record<string, ValueSource>; query?: Record<string, unknown> } = {}): RequestTemplate {
    const pathParams: Record<string, ValueSource> = {};
    for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
      pathParams[parameter.name] = parts.path?.[parameter.name] ?? this.pathValue(operation, parameter);
    }
    const required = requiredParameterValues(operation.parameters);
    const template: RequestTemplate = { operationId: operation.operationId, pathParams, query: parts.query ? { ...required.query, ...parts.query } : required.query, credentials };
    if (Object.keys(required.headers).length > 0) template.headers = required.headers;
    const media = Object.keys(operation.requestBody?.content ?? {});
    if (operation.requestBody?.required && parts.body === undefined && requestBodies(operation).length === 0) {
      required.unknown.push(`its required request body is ${media.join(' or ') || 'without a media type'}, and the runner sends JSON only`);
    }
    if (required.unknown.length > 0) template.unknown = required.unknown;
    if (parts.body !== undefined) template.body = { value: parts.body, refs: bodyRefs(this.resources, operation, parts.body) };
    return template;
  }

  private pathValue(operation: Operation, parameter: Parameter): ValueSource {
    const linked: { fixture: string; expression: string }[] = [];
    for (const link of linksGiving(this.index, operation, parameter.name)) {
      if (typeof link.value !== 'string' || !link.value.includes('$')) return { value: link.value };
      const fixture = this.linkFixture(link.source);
      if (fixture) linked.push({ fixture, expression: link.value });
    }
    // A link whose source can be called as it is wins; one that needs values nothing gives loses to a resource.
    const resource = resourceForPath(this.resources, operation, parameter.name, this.index);
    const chosen = linked.find((l) => isComplete(this.recipes.get(l.fixture)!.request)) ?? (resource ? undefined : linked[0]);
    if (chosen) {
      this.recipes.get(chosen.fixture)!.reads.add(chosen.expression);
      return chosen;
    }
    if (resource) return { fixture: resource.name };
    const documented = documentedValue(parameter);
    if (documented) return documented;
    const listed = listedIdSource(this.index, operation, parameter.name);
    const listFixture = listed ? this.linkFixture(listed.source) : undefined;
    // A record this run creates has nothing under it yet: a list under it cannot give an id.
    if (listed && listFixture && isComplete(this.recipes.get(listFixture)!.request) && !this.underCreated(this.recipes.get(listFixture)!.request)) {
      this.recipes.get(listFixture)!.reads.add(listed.expression);
      return { fixture: listFixture, expression: listed.expression };
    }
    const singleton = singletonValueSource(this.index, operation, parameter.name);
    const singletonFixture = singleton ? this.linkFixture(singleton.source) : undefined;
    if (singleton && singletonFixture && isComplete(this.recipes.get(singletonFixture)!.request)) {
      this.recipes.get(singletonFixture)!.reads.add(singleton.expression);
      return { fixture: singletonFixture, expression: singleton.expression };
    }
    return { value: sampleFromSchema((parameter.schema ?? {}) as Schema), unknown: `no link, resource or example gives the ${parameter.name} of ${operation.method.toUpperCase()} ${operation.path}` };
  }

  /** Whether a request's path goes through a record the run creates (a resource fixture). */
  private underCreated(template: RequestTemplate): boolean {
    return Object.values(template.pathParams).some((v) => 'fixture' in v && this.recipes.get(v.fixture)?.resource !== undefined);
  }

  /** The fixture that calls a link's source operation: its resource's, else a call of its own; undefined in a cycle. */
  private linkFixture(source: Operation): string | undefined {
    const resource = [...this.resources.values()].find((r) => r.create === source);
    if (resource) return this.building.has(source.operationId) && !this.recipes.get(resource.name)!.request ? undefined : resource.name;
    const name = source.operationId;
    if (this.recipes.has(name)) return name;
    if (this.building.has(name)) return undefined;
    this.building.add(name);
    const body = requestBodies(source)[0]?.value;
    const request = this.template(source, 'api-key', body === undefined ? {} : { body });
    this.recipes.set(name, { request, ...this.preparation(source, body), reads: new Set() });
    this.building.delete(name);
    return name;
  }

  /**
   * What must be called before an operation can succeed (the prerequisites files), with the body it
   * needs, or the reason the calls cannot be made when a prerequisite is missing from the document.
   */
  preparation(operation: Operation, body: unknown): Preparation {
    const prepare: RequestTemplate[] = [];
    for (const { entry, before, missing } of this.context.prerequisites.get(operation.operationId) ?? []) {
      if (missing !== undefined) return { prepare: [], skipReason: missing };
      const base = entry.body ?? requestBodies(before)[0]?.value;
      const value = base !== null && typeof base === 'object' && !Array.isArray(base) ? { ...(base as Record<string, unknown>) } : base;
      for (const [field, from] of Object.entries(entry.atLeast)) {
        const wanted = (body as Record<string, unknown> | undefined)?.[from];
        const record = value as Record<string, unknown>;
        if (typeof wanted === 'number' && !(typeof record[field] === 'number' && (record[field] as number) >= wanted)) record[field] = wanted;
      }
      prepare.push(this.template(before, 'api-key', value === undefined ? {} : { body: value }));
    }
    return { prepare };
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

  /**
   * Why a case cannot be set up: a fixture that cannot be made, a value the run cannot know, a
   * credential it was not given, or an operation --skip-stability excludes.
   */
  skipReason(fixtures: readonly string[], prepare: readonly RequestTemplate[], request: RequestTemplate, anyValue = false): string | undefined {
    const uses: { template: RequestTemplate; purpose: string }[] = [];
    for (const name of fixtures) {
      const recipe = this.recipes.get(name)!;
      if (recipe.skipReason) return `cannot ${recipe.resource ? `create the ${name}` : `call ${name}`} it needs: ${recipe.skipReason}`;
      for (const p of recipe.prepare) uses.push({ template: p, purpose: `prepare a ${name}` });
      uses.push({ template: recipe.request, purpose: recipe.resource ? `create a ${name}` : `get what a link reads from its answer` });
    }
    for (const p of prepare) uses.push({ template: p, purpose: 'prepare the request' });
    uses.push({ template: request, purpose: 'make the request' });
    for (const { template, purpose } of uses) {
      const operation = this.index.byId(template.operationId)!;
      const stability = operation.stability;
      if (stability && this.skipStability.includes(stability)) {
        return `needs ${operation.operationId} (${stability}) to ${purpose}, and --skip-stability ${stability} excludes it`;
      }
      const unknown = [...(template.unknown ?? []), ...Object.values(template.pathParams).flatMap((v) => ('unknown' in v && v.unknown ? [v.unknown] : []))];
      if (unknown.length > 0 && !(anyValue && template === request)) return `cannot ${purpose}: ${unknown[0]}`;
      const credentials = missingCredentials(operation.security, this.context.securitySchemes, template.credentials, this.context.available);
      if (credentials) return `cannot ${purpose} (${operation.operationId}): ${credentials}`;
    }
    return undefined;
  }

  /** A case with its fixtures and skip reason worked out from its requests. */
  makeCase(operation: Operation, fields: Omit<PlannedCase, 'operationId' | 'method' | 'path' | 'fixtures' | 'prepare'> & { prepare?: RequestTemplate[]; anyValue?: boolean }): PlannedCase {
    const { anyValue, ...rest } = fields;
    const prepare = fields.prepare ?? [];
    const fixtures = this.fixturesFor([...prepare, fields.request]);
    const planned: PlannedCase = { ...rest, operationId: operation.operationId, method: operation.method.toUpperCase(), path: operation.path, fixtures, prepare };
    const skipReason = fields.skipReason ?? this.skipReason(fixtures, prepare, fields.request, anyValue);
    if (skipReason) planned.skipReason = skipReason;
    const setUp = fixtures.flatMap((name) => this.recipes.get(name)!.prepare);
    if ([...setUp, ...prepare, fields.request].some((t) => this.destructive(t))) planned.destructive = true;
    return planned;
  }

  /**
   * Whether a request could change a record this run did not create: a PUT, PATCH or DELETE whose
   * last path parameter is not the id of a record a fixture of the case creates (a collection, a
   * singleton, an id from a list, a link or an example). The engine checks the URL again when it sends.
   */
  destructive(template: RequestTemplate): boolean {
    const operation = this.index.byId(template.operationId)!;
    const method = template.method?.toLowerCase() ?? operation.method;
    // A method the path does not document (the unsupported-method case) is a write of unknown effect, unless it is GET.
    if (!changesRecords(method) && (template.method === undefined || method === 'get')) return false;
    const name = targetParameter(operation);
    const source = name === undefined ? undefined : template.pathParams[name];
    return !(source && 'fixture' in source && this.recipes.get(source.fixture)?.resource !== undefined);
  }
}

/** Whether a request has every value it needs (none a guess). */
function isComplete(template: RequestTemplate | undefined): boolean {
  return template !== undefined && !template.unknown?.length && Object.values(template.pathParams).every((v) => !('unknown' in v && v.unknown));
}

function namedFixtures(templates: readonly RequestTemplate[]): string[] {
  const names: string[] = [];
  for (const t of templates) {
    for (const source of Object.values(t.pathParams)) if ('fixture' in source) names.push(source.fixture);
    for (const name of Object.values(t.body?.refs ?? {})) names.push(name);
  }
  return names;
}
