import type { Clock } from '../core/clock.js';
import type { Operation } from '../spec/operation-index.js';
import { DOCUMENT_CHECKS, HTTP_CHECKS } from './checks/index.js';
import type { CheckContext, ReadBack } from './checks/types.js';
import { documentedResponse, successStatuses } from './documented-response.js';
import type { CaseKind, Exchange, Failure, LeftRecord, RunEvent } from './events.js';
import type { ContractOptions } from './options.js';
import type { Plan } from './plan-shape.js';
import type { PlannedCase } from './planner.js';
import type { Pacer } from './pacer.js';
import { sendPolitely, type PoliteOptions, type WaitBudget } from './polite-client.js';
import { readBack } from './read-back.js';
import { buildRequest, matchTemplate, relativePath, withCredentials, type Keys } from './request-builder.js';
import { requiredParameterValues } from './parameter-values.js';
import type { RequestTemplate } from './request-template.js';
import { idFromBody, itemPathParams, type Resource } from './resources.js';
import { TransportError, type OutgoingRequest, type Transport } from './transport.js';
import type { CredentialWatch } from './credential-refusal.js';
import { changesRecords, NotSentError, targetParameter, targetResource, type OwnRecords } from './own-records.js';
import type { RequestPrecheck } from './request-precheck.js';
import type { Redactor } from './credentials.js';
import type { GenerationBudget } from './phases/generation-budget.js';

/** What every case of a run shares. */
export interface EngineContext {
  plan: Plan;
  options: ContractOptions;
  keys: Keys;
  transport: Transport;
  clock: Clock;
  sleep: (ms: number) => Promise<void>;
  budget: WaitBudget;
  /** Keeps the run under the target's rate limits (its headers, `--rate-limit`). */
  pacer?: Pacer;
  /** Stops the run when the first answers to its credential all refuse it (credential-refusal.ts). */
  credentialWatch?: CredentialWatch;
  emit(event: RunEvent): void;
  /** Documented status keys received per operationId, for coverage (every response, recorded or not). */
  exercised: Map<string, Set<string>>;
  redactor: Redactor;
  /** `--time-budget` for the generating phases (boundary, stateful, fuzz). */
  generation?: GenerationBudget;
  /** What the run created: without --allow-destructive, the only records a PUT, PATCH or DELETE may name. */
  ownRecords: OwnRecords;
  /** What the run created and could not remove, for every report. */
  leftBehind: LeftRecord[];
  /** Checks the requests of positive and state cases against the document before they are sent. */
  precheck?: RequestPrecheck;
}

/** Cases that mean to send valid requests: one the document refuses is not sent (the others send invalid ones on purpose). */
const PRECHECKED: ReadonlySet<CaseKind> = new Set(['positive', 'state']);

/** How a case's requests are sent politely: the run's clock, wait budget and pacer; waits told as events. */
export function politeOptions(ctx: EngineContext, caseId: string): PoliteOptions {
  return {
    sleep: ctx.sleep,
    clock: ctx.clock,
    budget: ctx.budget,
    ...(ctx.pacer ? { pacer: ctx.pacer } : {}),
    onWait: (ms, reason, paced) => ctx.emit({ type: 'waiting', caseId, ms, reason, ...(paced ? { paced: true as const } : {}) }),
  };
}

/** A fixture or prerequisite could not be made: the case cannot go on. */
export class SetupError extends Error {}

/**
 * The set-up's create succeeded but its answer does not say which record it made (no `Location`,
 * no id where the resource model looks): the runner cannot address the record, which is its own
 * limit, not the target's fault. The case is skipped with this reason (README, INTERFACE section 15).
 */
export class SetupNotAddressable extends SetupError {}

export interface Sent {
  exchange: Exchange;
  /** The URL as sent (credentials are masked later, in the case result). */
  url: string;
  readBack?: ReadBack;
}

/** A record the case made; `pathValues` are the other path values of its URL where no resource gives them (a PUT that names it). */
export interface CreatedRecord {
  resource: Resource;
  id: unknown;
  pathValues?: Readonly<Record<string, string>>;
}

/** The state of one case while it runs: its exchanges, failures, fixtures and what it must clean up. */
export class CaseRun {
  readonly exchanges: Exchange[] = [];
  readonly failures: Failure[] = [];
  readonly notes: string[] = [];
  readonly ids = new Map<string, unknown>();
  readonly created: CreatedRecord[] = [];
  waitedMs = 0;
  /** A generated case's shrunk failure as a runnable script (phases/repro-script.ts). */
  repro?: string;
  private cleaningUp = false;

  constructor(
    readonly ctx: EngineContext,
    readonly planned: PlannedCase,
  ) {}

  /** Sends a request politely, records and checks every answer; a 201 is read back through its Location when asked. */
  async send(template: RequestTemplate, expect: { statuses?: readonly string[]; code?: string; check?: string; readBackLocation?: boolean; setUp?: boolean } = {}): Promise<Sent> {
    const { ctx } = this;
    const operation = ctx.plan.index.byId(template.operationId)!;
    const built = buildRequest(ctx.plan, ctx.options.baseUrl, ctx.keys, template, this.ids);
    if (template.method) built.method = template.method.toUpperCase();
    if (ctx.precheck && !this.cleaningUp && !template.method) this.precheck(ctx.precheck, template, operation, built, expect.setUp === true);
    if (!ctx.options.allowDestructive && changesRecords(built.method.toLowerCase()) && !this.namesOwnRecord(operation, built.url)) throw new NotSentError();
    const request = this.cleaningUp ? { ...built, pastDeadline: true } : built;
    if (ctx.credentialWatch?.refused) throw new TransportError('CREDENTIAL_REFUSED', ctx.credentialWatch.refused);
    const politely = await sendPolitely(ctx.transport, request, politeOptions(ctx, this.planned.id)).catch((err: unknown) => {
      const attempts = (err as { attempts?: Exchange[] }).attempts ?? [];
      for (const attempt of attempts) this.record(attempt, operation, {});
      throw err;
    });
    this.waitedMs += politely.waitedMs;
    const exchange = politely.attempts.at(-1)!;
    ctx.credentialWatch?.observe(template.credentials, operation, exchange);
    for (const refused of politely.attempts.slice(0, -1)) this.record(refused, operation, { waitedOut: true });
    const sent: Sent = { exchange, url: request.url };
    const receivedAt = ctx.clock.now();
    // Recorded in the order made; checked once the read-back the location check needs is done.
    this.store(exchange, operation);
    const location = exchange.response.headers['location'];
    if (expect.readBackLocation && exchange.response.status >= 200 && exchange.response.status < 300 && location !== undefined) {
      const target = new URL(location, request.url).toString();
      sent.readBack = await readBack((url) => this.get(url), target, this.idParamOf(target), this.readerOf(target));
    }
    const checked = this.failures.length;
    this.check(exchange, operation, {
      receivedAt,
      ...(expect.statuses ? { expectedStatuses: expect.statuses } : {}),
      ...(expect.code ? { expectedCode: expect.code } : {}),
      ...(expect.check ? { expectedCheck: expect.check } : {}),
      ...(sent.readBack ? { readBack: sent.readBack } : {}),
    });
    this.failedAt(exchange, checked);
    const { status } = exchange.response;
    const creates = [...ctx.plan.resources.values()].some((r) => r.create === operation);
    // A create answered with another 2xx than 201 still made a record: clean it up all the same.
    if (status === 201 || (creates && status >= 200 && status < 300)) {
      if (!this.registerCreated(exchange, request.url, operation) && operation.method === 'post') this.leaveUnaddressed(exchange, operation);
    }
    if (status >= 200 && status < 300) this.forgetRemoved(request.url, operation);
    return sent;
  }

  /**
   * A request the case means to be valid must validate; the case's own request meant to break the
   * document must not. A set-up request (a fixture's create, a prerequisite) is meant valid
   * whatever the case: a negative case's invalid set-up had the target's correct 400 reported as
   * the case's failure (appconfig's GetExtension/negative/no-key).
   */
  private precheck(precheck: RequestPrecheck, template: RequestTemplate, operation: Operation, built: OutgoingRequest, setUp: boolean): void {
    const { kind, sends, request } = this.planned;
    if (template !== request) {
      if (setUp || PRECHECKED.has(kind)) precheck.check(operation, built);
    } else if (sends === 'refused') precheck.checkRefused(operation, built);
    else if (sends === 'accepted' || PRECHECKED.has(kind)) precheck.check(operation, built);
  }

  /**
   * A GET with the run's key of a URL the API gave (a Location, a successor Link), checked against
   * the operation it matches. A URL on another origin is a `link-origin` failure and is not sent:
   * the run's credentials go to the --base-url origin only.
   */
  async get(url: string, extra: Partial<CheckContext> = {}): Promise<Exchange | undefined> {
    const { ctx } = this;
    const origin = new URL(ctx.options.baseUrl).origin;
    const target = new URL(url);
    if (target.origin !== origin) {
      this.failures.push({
        check: 'link-origin',
        message: `the target points the runner at another origin (${target.origin}${target.pathname}); not followed, since the run's credentials go to ${origin} only`,
        expected: origin,
        actual: target.origin,
        location: `GET ${target.origin}${target.pathname}`,
      });
      return undefined;
    }
    const operation = this.readerOf(url);
    // The reader's required headers too (a read-back without them is refused as the runner's own fault).
    const headers: Record<string, string> = { ...(operation ? requiredParameterValues(operation.parameters).headers : {}), accept: 'application/json' };
    const sentUrl = withCredentials(ctx.plan, ctx.keys, operation, 'api-key', target.toString(), headers);
    const { attempts, waitedMs } = await sendPolitely(ctx.transport, { method: 'GET', url: sentUrl, headers, ...(this.cleaningUp ? { pastDeadline: true } : {}) }, politeOptions(ctx, this.planned.id));
    this.waitedMs += waitedMs;
    // As in send: a refusal the runner waited out before asking again is the target's rate limit at work.
    for (const refused of attempts.slice(0, -1)) this.record(refused, operation, { waitedOut: true });
    this.record(attempts.at(-1)!, operation, extra);
    return attempts.at(-1)!;
  }

  /** The document's GET of a URL on the run's base URL, if it has one. */
  readerOf(url: string): Operation | undefined {
    const path = relativePath(this.ctx.options.baseUrl, url);
    return path === undefined ? undefined : this.ctx.plan.index.operations.find((o) => o.method === 'get' && matchTemplate(o.path, path.split('?')[0]!) !== undefined);
  }

  /** Records an exchange and runs every response check on it (a body not taken in full is one failure, not checked). */
  record(exchange: Exchange, operation: Operation | undefined, extra: Partial<CheckContext>): void {
    this.store(exchange, operation);
    const checked = this.failures.length;
    if (operation) this.check(exchange, operation, extra);
    this.failedAt(exchange, checked);
  }

  /**
   * Names the request behind the failures pushed since `from` (those that name none yet), so a
   * report shows the request that failed, not the clean-up DELETE that came after it.
   */
  failedAt(exchange: Exchange, from = 0): void {
    const { method, url } = exchange.request;
    const request = { method, url, status: exchange.response.status, ...(exchange.operationId ? { operationId: exchange.operationId } : {}) };
    for (let i = from; i < this.failures.length; i += 1) {
      const failure = this.failures[i]!;
      if (!failure.request) this.failures[i] = { ...failure, request };
    }
  }

  /** Keeps an exchange in the case and counts its status for coverage. */
  store(exchange: Exchange, operation: Operation | undefined): void {
    if (operation) exchange.operationId = operation.operationId;
    if (this.cleaningUp) exchange.cleanup = true;
    this.exchanges.push(exchange);
    if (exchange.bodyProblem) {
      this.failures.push(exchange.bodyProblem);
      this.failedAt(exchange, this.failures.length - 1);
    }
    const key = operation ? documentedResponse(operation, exchange.response.status)?.key : undefined;
    if (operation && key) {
      const seen = this.ctx.exercised.get(operation.operationId) ?? new Set<string>();
      seen.add(key);
      this.ctx.exercised.set(operation.operationId, seen);
    }
  }

  /** Runs every response check on an exchange. */
  check(exchange: Exchange, operation: Operation, extra: Partial<CheckContext>): void {
    if (exchange.bodyProblem) return;
    const { plan, options } = this.ctx;
    const context: CheckContext = {
      schemas: plan.schemas,
      receivedAt: this.ctx.clock.now(),
      documentedMethods: (path) => plan.index.operations.filter((o) => o.path === path).map((o) => o.method),
      ...(options.maxResponseTimeMs !== undefined ? { maxResponseTimeMs: options.maxResponseTimeMs } : {}),
      ...extra,
    };
    // A method the operation does not have (the unsupported-method case) is judged by HTTP alone, not by the operation's responses.
    const checks = exchange.request.method.toLowerCase() === operation.method ? [...DOCUMENT_CHECKS, ...HTTP_CHECKS] : HTTP_CHECKS;
    for (const { names, run } of checks) if (names.some((name) => options.checks.has(name))) this.failures.push(...run(exchange, operation, context));
  }

  /** Deletes what the case created, newest first; a documented refusal (409) leaves the record and says so. */
  async cleanUp(keep = 0): Promise<void> {
    // Cleanup runs past --max-duration (each request still bounded by --timeout): a run cut short
    // should not leave its records on the target. A generated case cleans up after each input,
    // keeping its first `keep` records (its fixtures), and goes on generating within the deadline.
    const was = this.cleaningUp;
    this.cleaningUp = true;
    try {
      await this.removeCreated(keep);
    } finally {
      if (keep > 0) this.cleaningUp = was;
    }
  }

  private async removeCreated(keep: number): Promise<void> {
    while (this.created.length > keep) {
      const made = this.created.pop()!;
      const { resource, id } = made;
      if (!resource.remove) {
        this.leave(made, `the document has no DELETE ${resource.itemPath}: remove it by hand or ask the API's owners`);
        continue;
      }
      const remove = resource.remove;
      const statuses = [...successStatuses(remove), '404', ...(remove.responses['409'] ? ['409'] : [])];
      // The DELETE's required query and header parameters too (Azure's `api-version`, `If-Match`), or it is refused.
      const required = requiredParameterValues(remove.parameters);
      const template: RequestTemplate = { operationId: remove.operationId, pathParams: this.itemParams(resource, id, made), query: required.query, headers: required.headers, credentials: 'api-key' };
      const { exchange } = await this.send(template, { statuses });
      if (exchange.response.status === 409) {
        const code = (exchange.response.body as { code?: unknown } | undefined)?.code;
        this.leave(made, `DELETE answered 409 ${String(code ?? '')}; the API offers no way to remove it: ask its owners`);
      } else if (exchange.response.status >= 300 && exchange.response.status !== 404) {
        this.leave(made, `DELETE answered ${exchange.response.status}; send DELETE ${this.itemUrl(resource, id, made)} again, or remove it by hand`);
      }
    }
  }

  /** A POST made a record of no resource the run knows (no item path to delete it by): named as left on the target. */
  private leaveUnaddressed(exchange: Exchange, operation: Operation): void {
    const body = exchange.response.body as Record<string, unknown> | undefined;
    const id = body !== null && typeof body === 'object' && !Array.isArray(body) ? body['id'] : undefined;
    const named = typeof id === 'string' || typeof id === 'number' ? `the record with id ${id}` : `a record (${exchange.response.headers['location'] ?? 'no id, no Location'})`;
    const remove = `the document has no path that names one record of ${operation.path}: remove it by hand (on a PostgREST-style API, DELETE ${operation.path}?id=eq.${String(id ?? 'ID')})`;
    this.notes.push(`left on the target: ${named} made by POST ${operation.path} (${remove})`);
    this.ctx.leftBehind.push({ operationId: operation.operationId, record: `${named} made by POST ${operation.path}`, remove });
  }

  /** A record the case made stays on the target: a note of the case, and a line of every report. */
  private leave(made: CreatedRecord, remove: string): void {
    const { resource, id } = made;
    const path = this.itemUrl(resource, id, made).slice(this.ctx.options.baseUrl.length);
    this.notes.push(`left on the target: ${resource.name} ${String(id)} (${remove})`);
    this.ctx.leftBehind.push({ operationId: resource.create.operationId, record: `${resource.name} ${String(id)} at ${path}`, remove });
  }

  /** The URL of a resource's record with this id. */
  itemUrl(resource: Resource, id: unknown, made?: CreatedRecord): string {
    const params = this.itemParams(resource, id, made);
    return `${this.ctx.options.baseUrl}${resource.itemPath.replace(/\{([^}]+)\}/g, (whole, name: string) => (params[name] ? encodeURIComponent(String(params[name].value)) : whole))}`;
  }

  /** The path values of a record's item path: from the run's resources, else as the PUT that made it sent them. */
  private itemParams(resource: Resource, id: unknown, made = this.created.find((c) => c.resource === resource && String(c.id) === String(id))): Record<string, { value: unknown }> {
    const params = itemPathParams(this.ctx.plan.resources, resource, id, this.ids);
    for (const [name, value] of Object.entries(made?.pathValues ?? {})) params[name] ??= { value };
    return params;
  }

  /** A URL to read back, with the reader's required query parameters where it has no query (Azure's `api-version`). */
  readerUrl(url: string): string {
    const path = relativePath(this.ctx.options.baseUrl, url);
    if (path === undefined || path.includes('?')) return url;
    const reader = this.ctx.plan.index.operations.find((o) => o.method === 'get' && matchTemplate(o.path, path) !== undefined);
    const query = new URLSearchParams(Object.entries(reader ? requiredParameterValues(reader.parameters).query : {}).map(([k, v]): [string, string] => [k, String(v)])).toString();
    return query ? `${url}?${query}` : url;
  }

  /** The URL of a resource's collection, its parents' ids filled in (`/articles/{slug}/comments`). */
  collectionUrl(resource: Resource): string {
    const params = itemPathParams(this.ctx.plan.resources, resource, undefined, this.ids);
    return `${this.ctx.options.baseUrl}${resource.collectionPath.replace(/\{([^}]+)\}/g, (whole, name: string) => (params[name] ? encodeURIComponent(String(params[name].value)) : whole))}`;
  }

  /** The id path parameter of an item URL, to find the record in a successor's list. */
  idParamOf(url: string): { param: string; value: string } | undefined {
    const path = relativePath(this.ctx.options.baseUrl, url);
    if (path === undefined) return undefined;
    for (const resource of this.ctx.plan.resources.values()) {
      const params = matchTemplate(resource.itemPath, path.split('?')[0]!);
      if (params) return { param: resource.idParam, value: params[resource.idParam]! };
    }
    const last = this.ctx.plan.index.operations.map((o) => matchTemplate(o.path, path.split('?')[0]!)).find((p) => p && Object.keys(p).length > 0);
    const name = last ? Object.keys(last).at(-1)! : undefined;
    return name ? { param: name, value: last![name]! } : undefined;
  }

  /** Whether a URL of the operation names a record this run created (its last path parameter). */
  private namesOwnRecord(operation: Operation, url: string): boolean {
    const { plan, ownRecords, options } = this.ctx;
    const name = targetParameter(operation);
    const path = relativePath(options.baseUrl, url);
    const value = name && path !== undefined ? matchTemplate(operation.path, path.split('?')[0]!)?.[name] : undefined;
    const resource = name ? targetResource(plan.resources, operation, name, plan.index) : undefined;
    return value !== undefined && resource !== undefined && ownRecords.holds(resource, value);
  }

  /**
   * A 201 created something: remember it so cleanup removes it. The id comes from Location, but
   * when the body's `id` says otherwise the body wins: a wrong Location (which the location check
   * reports) must not make cleanup delete a record the run did not create.
   */
  private registerCreated(exchange: Exchange, requestUrl: string, operation: Operation): { resource: Resource; id: unknown } | undefined {
    const location = exchange.response.headers['location'];
    const resources = [...this.ctx.plan.resources.values()];
    if (location !== undefined) {
      const path = relativePath(this.ctx.options.baseUrl, new URL(location, requestUrl).toString());
      for (const resource of resources) {
        const params = path === undefined ? undefined : matchTemplate(resource.itemPath, path);
        if (!params) continue;
        const id = toId(params[resource.idParam]!);
        const usable = idFromBody(resource, exchange.response.body);
        return this.remember(resource, usable !== undefined && String(usable) !== String(id) ? usable : id, this.collectionValues(resource, requestUrl));
      }
    }
    const resource = resources.find((r) => r.create.operationId === operation.operationId);
    if (resource?.putCreates) return this.rememberNamed(resource, requestUrl);
    const usable = resource ? idFromBody(resource, exchange.response.body) : undefined;
    return resource && usable !== undefined ? this.remember(resource, usable, this.collectionValues(resource, requestUrl)) : undefined;
  }

  /**
   * The parent values of the collection URL a POST created a record under: its read, its clean-up
   * and the safety check must name the record under the same parent. A parent value that no
   * fixture made (VTEX's `acronym`, a documented default) was left out, so the read-back went to
   * `/dataentities/{acronym}/documents/ID` (404) and the clean-up was refused as not the run's own.
   */
  private collectionValues(resource: Resource, requestUrl: string): Record<string, string> | undefined {
    const path = relativePath(this.ctx.options.baseUrl, requestUrl);
    const values = path === undefined ? undefined : matchTemplate(resource.collectionPath, path.split('?')[0]!);
    return values && Object.keys(values).length > 0 ? values : undefined;
  }

  /**
   * A DELETE the case made succeeded: cleanup must not delete that record again (a second DELETE
   * answers 404, which many documents do not list for it).
   */
  private forgetRemoved(requestUrl: string, operation: Operation): void {
    const index = this.created.findIndex(({ resource, id }) => resource.remove === operation && this.itemUrl(resource, id) === requestUrl.split('?')[0]);
    if (index >= 0) this.created.splice(index, 1);
  }

  /**
   * Before a PUT that makes the record it names (Resource.putCreates): the name must be free on
   * the target, so that the PUT creates and overwrites nothing. A GET of it answering 404 frees it
   * (the run owns what it then makes); any other answer, or no reader, leaves the PUT to
   * --allow-destructive, as any write to a record the run did not create.
   */
  async claimName(resource: Resource, template: RequestTemplate): Promise<void> {
    if (this.ctx.options.allowDestructive || !resource.read) return;
    // The PUT's URL, its query kept: a required query (Azure's `api-version`) is the reader's too.
    const url = buildRequest(this.ctx.plan, this.ctx.options.baseUrl, this.ctx.keys, template, this.ids).url;
    const path = relativePath(this.ctx.options.baseUrl, url);
    const raw = path === undefined ? undefined : matchTemplate(resource.itemPath, path.split('?')[0]!)?.[resource.idParam];
    if (raw === undefined || this.ctx.ownRecords.holds(resource, raw)) return;
    const found = await this.get(url, { existenceProbe: true });
    if (found?.response.status === 404) this.ctx.ownRecords.add(resource, toId(raw));
  }

  /** A PUT that makes the record it names: its id is the one in the URL, remembered once however often it is PUT. */
  private rememberNamed(resource: Resource, requestUrl: string): { resource: Resource; id: unknown } | undefined {
    const path = relativePath(this.ctx.options.baseUrl, requestUrl);
    const values = path === undefined ? undefined : matchTemplate(resource.itemPath, path.split('?')[0]!);
    const raw = values?.[resource.idParam];
    if (raw === undefined) return undefined;
    const id = toId(raw);
    const { [resource.idParam]: _, ...pathValues } = values!;
    return this.created.find((c) => c.resource === resource && String(c.id) === String(id)) ?? this.remember(resource, id, pathValues);
  }

  private remember(resource: Resource, id: unknown, pathValues?: Record<string, string>): CreatedRecord {
    const entry: CreatedRecord = { resource, id, ...(pathValues ? { pathValues } : {}) };
    this.created.push(entry);
    this.ctx.ownRecords.add(resource, id);
    return entry;
  }

  /** The record the last 201 of a resource created, if any. */
  lastCreated(resource: Resource): { resource: Resource; id: unknown } | undefined {
    return [...this.created].reverse().find((c) => c.resource === resource);
  }
}

function toId(raw: string): unknown {
  return /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
}
