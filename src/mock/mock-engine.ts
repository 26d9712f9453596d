import type { Faker } from '@faker-js/faker';
import { ApiError, codeForStatus, type ErrorBody } from '../core/errors.js';
import { monotonicNow } from '../core/clock.js';
import type { Operation } from '../spec/operation-index.js';
import { isReadMethod, type RouteMatch, type Router } from '../spec/router.js';
import type { Decision } from '../rate-limit/types.js';
import type { MockRequest, MockResponse, NetworkBreak } from './mock-request.js';
import type { Behaviour, OperationResult } from '../engine/behaviour.js';
import { validationStatus } from '../engine/documented-responses.js';
import { inDeclaredFormats } from '../engine/declared-header-formats.js';
import type { ErrorShapes } from '../engine/error-body.js';
import { inAcceptedMedia, inDocumentedJsonType } from '../engine/negotiate-media.js';
import { underBase } from '../engine/under-base.js';
import { belowServerPath } from '../spec/server-base-path.js';
import { parsePrefer, preferredResponse, preferredStream } from './prefer.js';
import { pacedFrames } from './stream-pacing.js';
import { deprecationHeaders, httpDate, paginationLink } from './response-headers.js';
import type { RequestAuth, RequestAuthenticator } from './request-authenticator.js';
import type { RequestChecks } from './request-checks.js';
import { StoreUnavailableError } from '../store/store-unavailable-error.js';
import { SESSION_NAME, SESSION_NAME_RULE, type Session, type SessionRegistry } from './session.js';
import type { Fault } from './faults.js';
import type { StartRequest } from './state-backend.js';
import { matchingLatency, type LatencyRule } from './latency/latency-rule.js';
import { preferredDelay } from './latency/prefer-delay.js';
import type { LatencySampler } from './latency/sample-latency.js';
import type { CallbacksAndWebhooks } from './callbacks/webhooks.js';
import { recordExchange } from './recorded-exchange.js';
import { maskKey } from '../rate-limit/key-registry.js';

export interface EngineDeps {
  router: Router;
  /** Media type, size and validation of a request against its operation (415, 413, 400). */
  requests: RequestChecks;
  /** How each operation is served (by operationId), chosen at load. */
  behaviours: ReadonlyMap<string, Behaviour>;
  /** Known query parameter names per operationId (for pagination links). */
  queryNames: ReadonlyMap<string, readonly string[]>;
  /** Who a request is counted against, from its operation's security (src/mock/request-authenticator.ts). */
  authenticate: RequestAuthenticator;
  sessions: SessionRegistry;
  bodyLimit: number;
  faker: Faker;
  /** Error bodies in the document's own shape (src/engine/error-body.ts). */
  errors: ErrorShapes;
  /** Waits for a fault's `delayMs` and latencies, on the injected clock (tests move it; they never sleep). */
  delay(ms: number): Promise<void>;
  /** `mock --latency`: the wait of every request no session latency matches. */
  latency?: LatencyRule;
  /** Draws a wait from a latency rule, from the injected seed. */
  sampleLatency: LatencySampler;
  /** Callbacks fired after an operation answers (src/mock/callbacks). */
  outgoing?: CallbacksAndWebhooks;
  /** Called with errors that are bugs (answered 500). */
  onInternalError(error: unknown, request: MockRequest): void;
  /** The document's server path (`/api/v1`, src/spec/server-base-path.ts): operations answer below it as at the root. */
  basePath?: string;
}

/** Starts again after a reload of keys changed elsewhere; past this, keys are being churned. */
const KEY_RELOADS = 5;

/**
 * One request through the pipeline of INTERFACE.md section 5:
 * authenticate (401) -> ban (403) -> rate limit (429) -> route (404, 405) -> scope (403)
 * -> media type and size (415, 413) -> validation (400) -> the operation (404, 409, 410, 422).
 * The route is matched first (reading only the path) so that every response of a deprecated
 * operation carries its deprecation headers, as section 3 asks.
 */
export class MockEngine {
  constructor(private readonly deps: EngineDeps) {}

  async handle(given: MockRequest): Promise<MockResponse> {
    const started = monotonicNow();
    // The body as read, for the journal's record of the exchange (`?format=har`).
    let requestBytes: Uint8Array | undefined;
    const asked: MockRequest = { ...given, readBody: async (limit) => (requestBytes = await given.readBody(limit)) };
    const below = this.deps.basePath ? belowServerPath(asked.path, this.deps.basePath, (path) => this.deps.router.match(asked.method, path, asked).kind !== 'not-found') : undefined;
    const request = below === undefined ? asked : { ...asked, path: below };
    const sessionName = headerValue(request.headers['x-mock-session']);
    const badSessionName = sessionName !== undefined && !SESSION_NAME.test(sessionName);
    const session = this.deps.sessions.get(badSessionName ? undefined : sessionName);
    const match = this.deps.router.match(request.method, request.path, request);
    const operation = match.kind === 'operation' ? match.operation : undefined;
    const headers: Record<string, string> = operation?.deprecated ? deprecationHeaders(operation, match.kind === 'operation' ? match.params : {}) : {};
    let response: MockResponse;
    let auth: RequestAuth | undefined;
    let now: number | undefined;
    let storeDown = false;
    // undefined: the session's latencies are read here (memory); a shared store's come with its start.
    let latencies: readonly LatencyRule[] | undefined;
    let delayMs: number | undefined;
    try {
      let decision: Decision;
      // undefined: not taken yet (memory takes it in operate); null: the request meets none.
      let fault: Fault | null | undefined;
      if (session.start) {
        // A shared store: clock, limit, fault and state read in one step (src/redis/redis-request-start.ts).
        const started = await this.start(session.start, request, match, badSessionName);
        ({ auth, now, decision } = started);
        fault = started.fault ?? null;
        latencies = started.latency ?? [];
      } else {
        now = session.clock.now();
        auth = this.deps.authenticate(request, operation);
        decision = await (auth.anonymous ? this.deps.sessions.anonymous : session.limits).consume(auth.subject, auth.limits, now);
      }
      headers.Date = httpDate(now);
      Object.assign(headers, decision.headers);
      if (decision.outcome !== 'allowed') throw limited(decision);
      if (auth.error) throw auth.error;
      delayMs = preferredDelay(request.headers.prefer);
      if (badSessionName) {
        throw new ApiError('validation_failed', SESSION_NAME_RULE, {
          details: [{ path: '/header/x-mock-session', message: 'must be 1..128 visible ASCII characters' }],
        });
      }
      if (match.kind === 'not-found') throw new ApiError('not_found', `No operation at ${request.method} ${truncate(request.path)}`);
      if (match.kind === 'method-not-allowed') {
        throw new ApiError('method_not_allowed', `${request.method} is not documented for ${truncate(request.path)}; allowed: ${match.allowed.join(', ')}`, { headers: { Allow: match.allowed.join(', ') } });
      }
      if (auth.scope === 'read-only' && !isReadMethod(request.method)) throw new ApiError('forbidden', 'This API key is read-only');
      const seen: { body?: unknown } = {};
      const result = await this.operate(request, session, match.operation, match.params, now, headers, fault, seen);
      response = { status: result.status, headers: Object.assign(headers, result.headers), body: result.body };
      if (result.contentType) response.contentType = result.contentType;
      if (result.network) response.network = result.network;
      if (result.stream) {
        response.contentType = result.stream.contentType;
        response.stream = pacedFrames(result.stream, session.clock, this.deps.delay);
      }
      if (result.page) this.addPagination(response, request, match.operation, result.page);
      inDeclaredFormats(match.operation, response.status, response.headers, now);
      if (this.deps.outgoing && response.status >= 200 && response.status < 300 && !response.network) {
        const context = { method: request.method, url: request.query ? `${request.path}?${request.query}` : request.path, pathParams: match.params, query: request.query, headers: request.headers, requestBody: seen.body, status: response.status, responseHeaders: response.headers, responseBody: response.body };
        this.deps.outgoing.afterAnswer(session, match.operation, context);
        if (result.events?.length) this.deps.outgoing.fire(session, result.events);
      }
    } catch (error) {
      // A shared store that did not answer: the session's clock as last read.
      if (now === undefined) headers.Date = httpDate((now = session.clock.now()));
      storeDown = error instanceof StoreUnavailableError;
      response = this.errorResponse(error, headers, request, operation);
      if (operation) inDeclaredFormats(operation, response.status, response.headers, now);
    }
    const ms = Math.round((monotonicNow() - started) * 100) / 100;
    if (delayMs === undefined && !storeDown) delayMs = this.latencyOf(request, operation, latencies ?? (await session.latency.list()));
    if (delayMs) await this.deps.delay(delayMs);
    const masked = auth?.shown ?? null;
    const shownPath = truncate(asked.path);
    const exchange = recordExchange(asked, requestBytes, response, auth?.credential, maskKey);
    const line = { at: now, method: request.method, path: shownPath, status: response.status, ms, key: masked, ...(delayMs ? { delayMs } : {}), ...(response.network ? { network: response.network.type } : {}), exchange };
    // The store did not answer: a journal line would wait out another time-out, then be lost.
    const pushed = storeDown ? undefined : session.journal.push(line);
    // A journal line lost to an outage must not turn the answer into a crash.
    if (pushed) await pushed.catch(() => {});
    response.meta = { path: shownPath, ms, key: masked, session: session.name };
    if (below !== undefined) underBase(response.headers, this.deps.basePath!);
    return response;
  }

  /** The wait a latency gives this request: the newest session latency matching it, else `--latency`. */
  private latencyOf(request: MockRequest, operation: Operation | undefined, rules: readonly LatencyRule[]): number | undefined {
    const rule = matchingLatency(rules, request.method, request.path, operation?.path, this.deps.latency);
    return rule ? this.deps.sampleLatency(rule) : undefined;
  }

  /**
   * Authenticates, then starts the request on the shared store. Keys changed elsewhere since this
   * process last looked: they are reloaded and the request authenticated again, nothing counted.
   */
  private async start(start: StartRequest, request: MockRequest, match: RouteMatch, badSessionName: boolean): Promise<{ auth: RequestAuth; now: number; decision: Decision; fault: Fault | undefined; latency?: readonly LatencyRule[] }> {
    const operation = match.kind === 'operation' ? match.operation : undefined;
    for (let attempt = 0; attempt < KEY_RELOADS; attempt++) {
      const auth = this.deps.authenticate(request, operation);
      // The checks before the operation, so that a fault is taken only by a request that would reach it.
      const reaches = operation && !auth.error && !badSessionName && !(auth.scope === 'read-only' && !isReadMethod(request.method));
      const started = await start({ subject: auth.subject, anonymous: auth.anonymous, limits: auth.limits, fault: reaches ? { method: request.method, path: request.path, template: operation.path } : undefined });
      if (!started.keysChanged) return { auth, now: started.now, decision: started.decision, fault: started.fault, latency: started.latency ?? [] };
    }
    throw new StoreUnavailableError(`the API keys kept changing for ${KEY_RELOADS} attempts`);
  }

  private async operate(request: MockRequest, session: Session, operation: Operation, params: Record<string, string>, now: number, answerHeaders: Record<string, string>, taken: Fault | null | undefined, seen: { body?: unknown }): Promise<OperationResult & { network?: NetworkBreak }> {
    const fault = taken === undefined ? await session.faults.take(request.method, request.path, operation.path) : taken;
    if (fault) {
      if (fault.delayMs) await this.deps.delay(fault.delayMs);
      if (fault.status !== undefined) return this.faultResult(operation, fault.status);
      // No answer at all: the operation is not performed (the client cannot know it was).
      if (fault.type === 'reset' || fault.type === 'empty') return { status: 0, body: undefined, network: { type: fault.type } };
      // A broken or dripped answer is a real one, sent badly: the operation runs.
      const result = await this.answer(request, session, operation, params, now, answerHeaders, seen);
      return { ...result, network: fault.ms === undefined ? { type: fault.type! } : { type: fault.type!, ms: fault.ms } };
    }
    return this.answer(request, session, operation, params, now, answerHeaders, seen);
  }

  private async answer(request: MockRequest, session: Session, operation: Operation, params: Record<string, string>, now: number, answerHeaders: Record<string, string>, seen: { body?: unknown }): Promise<OperationResult> {
    const valid = await this.deps.requests.check(operation, params, request, this.deps.bodyLimit);
    seen.body = valid.body;
    const prefs = parsePrefer(request.headers.prefer);
    if (prefs) {
      const preferred = preferredResponse(operation, prefs, this.deps.faker);
      if (preferred) return preferred;
    }
    const result = preferredStream(await this.deps.behaviours.get(operation.operationId)!.handle({ operation, valid, state: session, now, path: request.path, headers: request.headers, answerHeaders, faker: this.deps.faker }), prefs);
    const negotiated = request.headers.accept === undefined ? result : inAcceptedMedia(operation, result, request.headers.accept, this.deps.faker);
    return inDocumentedJsonType(operation, negotiated);
  }

  /** An injected fault's answer: the Error of section 6, in the document's shape. */
  private faultResult(operation: Operation, status: number): OperationResult {
    const body: ErrorBody = { code: codeForStatus(status), message: `Fault injected by /__admin/faults (status ${status})`, status };
    const shaped = this.deps.errors.shape(operation, body, this.deps.faker);
    return shaped ? { status, body: shaped.body, contentType: shaped.contentType, ...(shaped.headers ? { headers: shaped.headers } : {}) } : { status, body };
  }

  private addPagination(response: MockResponse, request: MockRequest, operation: Operation, page: NonNullable<OperationResult['page']>): void {
    response.headers['X-Total-Count'] = String(page.total);
    const link = paginationLink(request.path, request.query, this.deps.queryNames.get(operation.operationId) ?? [], page);
    if (link) response.headers.Link = link;
  }

  private errorResponse(error: unknown, headers: Record<string, string>, request: MockRequest, operation?: Operation): MockResponse {
    const apiError = error instanceof ApiError ? error : error instanceof StoreUnavailableError ? storeUnavailable() : new ApiError('internal_error', 'Internal error');
    if (!(error instanceof ApiError) && !(error instanceof StoreUnavailableError)) this.deps.onInternalError(error, request);
    const body = apiError.toBody();
    if (apiError.code === 'validation_failed' && operation) body.status = validationStatus(operation);
    const response: MockResponse = { status: body.status, headers: Object.assign(headers, apiError.headers), body };
    // The body in the document's shape for this status, or its usual error (src/engine/error-body.ts).
    const shaped = this.deps.errors.shape(operation, response.body as ErrorBody, this.deps.faker);
    if (shaped) {
      response.body = shaped.body;
      if (shaped.contentType) response.contentType = shaped.contentType;
      if (shaped.headers) Object.assign(response.headers, shaped.headers);
    }
    return response;
  }
}

function limited(decision: Exclude<Decision, { outcome: 'allowed' }>): ApiError {
  const retry = { 'Retry-After': String(decision.retryAfter) };
  if (decision.outcome === 'banned') {
    return new ApiError('key_banned', `This API key is banned; retry in ${decision.retryAfter} seconds (a key is banned for calling on after repeated 429 answers)`, { headers: retry });
  }
  const limit = decision.headers['X-RateLimit-Limit'];
  return new ApiError('rate_limit_exceeded', `Rate limit of ${limit} requests per ${decision.window} exceeded; retry in ${decision.retryAfter} seconds`, { headers: retry });
}

/** The shared store is away: the client may retry shortly; the mock comes back by itself. */
export function storeUnavailable(): ApiError {
  return new ApiError('store_unavailable', 'The shared state store (Redis) is unavailable; retry shortly', { headers: { 'Retry-After': '1' } });
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
