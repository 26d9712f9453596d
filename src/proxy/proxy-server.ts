import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { systemClock, type Clock } from '../core/clock.js';
import { ApiError } from '../core/errors.js';
import type { Exchange, Failure } from '../contract/events.js';
import { createSchemaRegistry } from '../contract/schema-registry.js';
import { parseBody } from '../contract/response-body.js';
import { attachClientErrorHandler } from '../http/client-error.js';
import { hostnameOf, isLocalPeer, isLoopback, isLoopbackOrigin } from '../http/is-loopback.js';
import { loadDocument, type RefOptions } from '../spec/load-document.js';
import { buildOperationIndex, type Operation, type OperationIndex } from '../spec/operation-index.js';
import { Router } from '../spec/router.js';
import { createAjv } from '../validation/create-ajv.js';
import { checkAnswer, undocumentedOperation } from './check-answer.js';
import { passStreamChecked } from './stream-check.js';
import { CredentialMasker } from './credential-masker.js';
import { Upstream, UpstreamError, type UpstreamAnswer } from './forward.js';
import { MaskedEntry } from './masked-entry.js';
import { matchPathVariant } from './path-variant.js';
import { decodedText } from './read-answer.js';
import { readRequestBody } from './read-request-body.js';
import type { MockRequest } from '../mock/mock-request.js';
import { createRequestChecks } from '../mock/request-checks.js';
import { ViolationLog, type ProxiedExchange } from './violation-log.js';
import { RESPONSE_SCHEMA_CONFORMANCE } from '../contract/checks/response-schema-conformance.js';

export interface ProxyOptions {
  upstream: string;
  specFile: string;
  /** Where the document's `$ref`s may lead (--ref-root, --allow-remote-refs). */
  refs?: RefOptions;
  port?: number;
  host?: string;
  /** Answer 502 `contract_violation` instead of passing on an answer that breaks the document. */
  strict?: boolean;
  bodyLimit?: number;
  /** Answers larger than this are passed on streaming, checked on status and headers only. */
  answerCheckLimit?: number;
  timeoutMs?: number;
  clock?: Clock;
  /** Every exchange, masked, once answered (console lines, HAR recording). */
  onExchange?(entry: ProxiedExchange): void;
}

export interface RunningProxy {
  url: string;
  upstream: string;
  specFile: string;
  index: OperationIndex;
  log: ViolationLog;
  startedAt: number;
  close(): Promise<void>;
}

const VIOLATIONS_HEADER = 'x-contract-violations';

/**
 * The validation proxy (INTERFACE.md section 13): every request is checked as the mock checks it
 * (an invalid one gets the mock's 400 and never reaches the upstream), forwarded, and its answer
 * checked with the runner's own checks; the answer passes on unchanged but for
 * `X-Contract-Violations`, or, with `strict`, becomes a 502 listing the violations.
 */
export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const upstreamUrl = new URL(options.upstream);
  const loaded = await loadDocument(options.specFile, options.refs);
  const index = buildOperationIndex(loaded.document, options.specFile);
  const router = new Router(index.operations);
  const schemas = createSchemaRegistry(index.operations);
  const requests = createRequestChecks(createAjv());
  const schemes = Object.values(loaded.document.components?.securitySchemes ?? {}) as { type?: string; in?: string; name?: string }[];
  const masker = new CredentialMasker(
    schemes.filter((s) => s.type === 'apiKey' && s.in === 'header').map((s) => s.name ?? ''),
    schemes.filter((s) => s.type === 'apiKey' && s.in === 'query').map((s) => s.name ?? ''),
  );
  const clock = options.clock ?? systemClock;
  const log = new ViolationLog();
  const bodyLimit = options.bodyLimit ?? 1024 * 1024;
  const answerCheckLimit = options.answerCheckLimit ?? 10 * 1024 * 1024;
  const upstream = new Upstream(upstreamUrl, options.timeoutMs ?? 30_000);
  const listenHost = options.host ?? '127.0.0.1';

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = clock.now();
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    if (!target.startsWith('/')) throw new ApiError('validation_failed', 'The request target must be a path (origin-form)');
    const url = new URL(target, 'http://proxy.invalid');
    if (url.pathname === '/__admin/violations' && method === 'GET') {
      if (!isLocalCaller(req, listenHost)) return sendJson(res, 403, { code: 'forbidden', message: 'The violations answer only this machine (a connection from it, a loopback Host, and from a browser a loopback Origin), as the mock\'s /__admin does', status: 403 });
      return sendJson(res, 200, log.violations());
    }
    const exact = router.match(method, url.pathname);
    // A spelling of a documented path the upstream may well take for it (`/pets/`, `/Pets`) is checked as that operation.
    const match = exact.kind === 'operation' ? { ...exact, path: url.pathname } : matchPathVariant(router, index.operations, method, target.replace(/[?#].*$/s, ''));
    const operation = match?.operation;
    const body = await readRequestBody(req, bodyLimit);
    if (match) {
      // The mock's own checks, on the body already read (within the limit): what the mock refuses, the proxy refuses.
      const asMock: MockRequest = { method, path: match.path, query: url.search.slice(1), headers: req.headers, clientAddress: req.socket.remoteAddress ?? '', readBody: async () => body ?? new Uint8Array(0) };
      await requests.check(match.operation, match.params, asMock, bodyLimit);
    }
    let answer: UpstreamAnswer;
    try {
      answer = await upstream.forward({ method, target, headers: req.headers, body }, answerCheckLimit);
    } catch (err) {
      if (!(err instanceof UpstreamError)) throw err;
      const status = err.kind === 'timeout' ? 504 : 502;
      return sendJson(res, status, { code: err.kind === 'timeout' ? 'upstream_timeout' : 'upstream_unavailable', message: err.message, status });
    }
    const noBody = method === 'HEAD' || answer.status === 204 || answer.status === 304;
    const read = noBody ? { whole: true as const, bytes: Buffer.alloc(0) } : answer.body;
    const text = read.whole ? safeText(read.bytes, answer.headers['content-encoding'] as string | undefined, answerCheckLimit) : '';
    const parsed = parseBody(text, `${method} ${url.pathname}`);
    const exchange: Exchange = {
      request: { method, url: upstream.url.origin + target, headers: flat(req.headers) },
      response: { status: answer.status, headers: flat(answer.headers), body: parsed.body, text },
      durationMs: clock.now() - started,
      ...(operation ? { operationId: operation.operationId } : {}),
    };
    let failures: Failure[] = operation ? checkAnswer(exchange, operation, schemas, clock.now()) : [undocumentedOperation(exchange)];
    if (parsed.problem) failures.unshift(parsed.problem);
    // Past the size limit only the status and headers were checked; the body went on unread.
    if (!read.whole) failures = failures.filter((f) => f.check !== RESPONSE_SCHEMA_CONFORMANCE.name);
    const checked = { startedAt: started, operationId: operation?.operationId, path: operation?.path ?? url.pathname, method, requestPath: url.pathname, status: answer.status, violationCount: failures.length, exchange, failures, requestBody: body, secrets: masker.secretsOf(req.headers, target, answer.headers) };
    const entry = new MaskedEntry(checked, masker);

    if (options.strict && failures.length > 0) {
      if (!answer.body.whole) answer.body.rest.destroy();
      const details = entry.failures.map((f) => ({ path: f.location ?? f.check, message: `${f.check}: ${f.message}` }));
      sendJson(res, 502, { code: 'contract_violation', message: `The upstream's answer breaks the document (${failures.length} violation${failures.length > 1 ? 's' : ''})`, status: 502, details }, failures.length);
    } else {
      const headers = answer.headers;
      headers[VIOLATIONS_HEADER] = String(failures.length);
      // Read whole, the answer goes on in one write with its length (no chunked framing to add).
      if (read.whole && !noBody) headers['content-length'] = String(read.bytes.length);
      if (!read.whole && read.streamed && operation) {
        // Headers are gone before the first item is read: a bad item is reported in the violation log only.
        delete headers[VIOLATIONS_HEADER];
        res.writeHead(answer.status, headers);
        passStreamChecked(read.rest, res, exchange, operation, schemas, clock.now(), (streamFailures) => {
          const all = [...failures, ...streamFailures];
          const streamed = new MaskedEntry({ ...checked, violationCount: all.length, failures: all }, masker);
          options.onExchange?.(streamed);
          streamed.shrink();
          log.add(streamed, clock.now());
        });
        return;
      }
      res.writeHead(answer.status, headers);
      if (read.whole) {
        res.end(noBody ? undefined : read.bytes);
      } else {
        for (const chunk of read.head) res.write(chunk);
        read.rest.pipe(res);
        read.rest.resume();
      }
    }
    // Recorded once the answer is on its way: the log, HAR and console lines never delay it. The
    // HAR and console have the bodies whole; the log keeps their start.
    options.onExchange?.(entry);
    entry.shrink();
    log.add(entry, clock.now());
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (err instanceof ApiError) return sendJson(res, err.status, err.toBody(), undefined, err.headers);
      sendJson(res, 500, { code: 'internal_error', message: 'Internal error in the proxy', status: 500 });
    });
  });
  attachClientErrorHandler(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, listenHost, resolve);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    upstream: upstream.url.origin,
    specFile: options.specFile,
    index,
    log,
    startedAt: clock.now(),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      }).then(() => upstream.close()),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, violations?: number, headers: Readonly<Record<string, string>> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...(violations !== undefined ? { [VIOLATIONS_HEADER]: String(violations) } : {}) });
  res.end(text);
}

function flat(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return out;
}

function safeText(bytes: Buffer, encoding: string | undefined, cap: number): string {
  try {
    return decodedText(bytes, encoding, cap);
  } catch {
    return '';
  }
}

/**
 * The mock's gate for `/__admin` without a token (decisions 011 and 046): a connection from this
 * machine (the peer address, which a client cannot choose: a proxy bound to every interface must not
 * show its violations to anyone sending `Host: 127.0.0.1`), a `Host` naming this machine or the
 * address listened on, and from a browser a loopback `Origin`; else any page the developer visits
 * could read the violations (bodies, paths) through DNS rebinding.
 */
function isLocalCaller(req: IncomingMessage, listenHost: string): boolean {
  const host = hostnameOf(`http://${req.headers.host ?? ''}`);
  const origin = req.headers.origin;
  return isLocalPeer(req.socket.remoteAddress, req.socket.localAddress) && host !== undefined && (isLoopback(host) || host === listenHost) && (origin === undefined || isLoopbackOrigin(origin));
}
