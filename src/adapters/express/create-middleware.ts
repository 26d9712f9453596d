import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createRequestListener } from '../../http/create-app.js';
import { createLogger, type LogLevel } from '../../http/request-log.js';
import { loadDocument, type RefOptions } from '../../spec/load-document.js';
import { isBundledSpec } from '../../http/start-mock.js';
import { createAdapterEngine, type AdapterOptions } from '../adapter-engine.js';
import type { MockControls } from '../mock-controls.js';
import type { SpecSource } from '../resolve-spec.js';
import { underBase } from '../../engine/under-base.js';
import { requestWithBody } from './parsed-body.js';

export interface MiddlewareOptions extends Omit<AdapterOptions, 'spec'> {
  /** As the other adapters (an object or an http(s) URL), or here, in Node, a file path as `--spec`. */
  spec?: SpecSource;
  /** Protects `<mount>/__admin` with a bearer token; without it only loopback callers reach it (as the server). */
  adminToken?: string;
  /** Where a file's `$ref`s may lead (`refRoot`, `allowRemoteRefs`), as --ref-root and --allow-remote-refs. */
  refs?: RefOptions;
  /** Request log of the mock; default 'silent'. */
  logLevel?: LogLevel;
}

export type MockMiddleware = RequestHandler & {
  /** Resolves once the document is loaded and the engine built; rejects with the SpecError of a broken document. */
  ready: Promise<void>;
  /** reset and the session clocks, as `<mount>/__admin/reset` and `/__admin/clock` (usable once ready). */
  controls: MockControls;
};

/**
 * The mock of any document as Express middleware: `app.use('/api', createMiddleware())`. The same request listener as
 * the server (src/http/create-app.ts), so answers are the server's, and `/__admin` sits under the
 * mount point. The mock reads request bodies itself; one a parser read first is handed back to it
 * as bytes (parsed-body.ts), but a body the parser refuses never reaches the mock.
 */
export function createMiddleware(options: MiddlewareOptions = {}): MockMiddleware {
  const logger = createLogger(options.logLevel ?? 'silent');
  const built = (async () => {
    const file = typeof options.spec === 'string' && !/^https?:\/\//i.test(options.spec) ? options.spec : undefined;
    const spec = file !== undefined ? await loadDocument(file, options.refs) : options.spec;
    // A file gets the server's default: known-keys for the bundled document, any-credential for others.
    const auth = options.auth ?? (file !== undefined ? ((await isBundledSpec(file)) ? 'known-keys' : 'any-credential') : undefined);
    const engine = await createAdapterEngine({ ...options, spec, auth, onInternalError: options.onInternalError ?? ((error) => logger.error(`petstore-kit: internal error: ${(error as Error)?.stack ?? String(error)}`)) });
    return { ...engine, listener: createRequestListener(engine.setup, { adminToken: options.adminToken, host: '127.0.0.1', logger }) };
  })();
  // Reported through `ready` and each request's next(error), never as an unhandled rejection.
  built.catch(() => {});
  const middleware = ((req: Request, res: Response, next: NextFunction) => {
    // /__admin is an Express app of its own: its JSON parser takes a body parsed before it as it is.
    const request = req.url.startsWith('/__admin') ? req : requestWithBody(req);
    if (request instanceof Error) return next(request);
    built.then(({ listener }) => listener(request, req.baseUrl ? withBase(res, req.baseUrl) : res), next);
  }) as MockMiddleware;
  middleware.ready = built.then(() => undefined);
  const later = <K extends keyof MockControls>(name: K) =>
    ((...args: unknown[]) => {
      if (!current) throw new Error(`createMiddleware: controls.${name}() before the mock is ready (await middleware.ready)`);
      return (current[name] as (...a: unknown[]) => unknown)(...args);
    }) as MockControls[K];
  let current: MockControls | undefined;
  built.then((engine) => (current = engine.controls), () => {});
  middleware.controls = { reset: later('reset'), clock: later('clock'), setClock: later('setClock'), advanceClock: later('advanceClock'), addLatency: later('addLatency'), clearLatency: later('clearLatency') };
  return middleware;
}

/** @deprecated The first name of `createMiddleware`, which mounts any document, not only the Petstore. */
export const petstoreMock = createMiddleware;
/** @deprecated `MiddlewareOptions`. */
export type PetstoreMockOptions = MiddlewareOptions;
/** @deprecated `MockMiddleware`. */
export type PetstoreMiddleware = MockMiddleware;

/** The listener writes its headers in one writeHead call (src/http/create-app.ts send): they get the mount path there. */
function withBase(res: Response, basePath: string): Response {
  const writeHead = res.writeHead;
  res.writeHead = function (this: Response, status: number, ...rest: unknown[]) {
    const headers = rest.find((r) => typeof r === 'object' && r !== null && !Array.isArray(r)) as Record<string, string | number | string[]> | undefined;
    if (headers) underBase(headers, basePath);
    return (writeHead as (...a: unknown[]) => Response).call(this, status, ...rest);
  } as Response['writeHead'];
  return res;
}
