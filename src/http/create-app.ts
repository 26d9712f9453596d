import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import getRawBody from 'raw-body';
import { ApiError } from '../core/errors.js';
import type { MockSetup } from '../mock/create-mock-setup.js';
import { DEFAULT_SESSION } from '../mock/session.js';
import type { MockRequest, MockResponse } from '../mock/mock-request.js';
import { tooLarge } from '../mock/read-json-body.js';
import { CORS_HEADERS, preflightAnswer } from './cors.js';
import type { Logger } from './request-log.js';
import { breakConnection } from './break-connection.js';
import { encodeAnswer } from './encode-answer.js';

export interface AppOptions {
  adminToken?: string;
  /** The address the mock listens on (a Host the control API accepts without a token). */
  host?: string;
  logger: Logger;
}

/**
 * The mock's request listener. `/__admin` is an Express app; API requests go straight to the
 * engine through one adapter, because Express's router would only add layers in front of a
 * pipeline that routes by the document itself (docs/decisions/012-hot-path.md). The Express app
 * is made on the first `/__admin` request, so a mock that is never controlled never loads Express.
 */
export function createRequestListener(setup: MockSetup, options: AppOptions): (req: IncomingMessage, res: ServerResponse) => void {
  let admin: Promise<Express> | undefined;
  const serveAdmin = (req: IncomingMessage, res: ServerResponse) => {
    admin ??= import('./admin-app.js').then((m) => m.createAdminApp(setup, options.adminToken, options.host, options.logger));
    admin.then((app) => app(req, res), (error: unknown) => {
      options.logger.error(`petstore-kit: the control API could not be loaded: ${(error as Error)?.stack ?? String(error)}`);
      send(res, { status: 500, headers: {}, body: new ApiError('internal_error', 'Internal error').toBody() });
    });
  };
  return (req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/__admin') && (url.length === 8 || url[8] === '/' || url[8] === '?')) serveAdmin(req, res);
    else serveApi(setup, options.logger, req, res);
  };
}

function serveApi(setup: MockSetup, logger: Logger, req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (req.method === 'OPTIONS') {
    const requested = req.headers['access-control-request-headers'];
    res.writeHead(204, preflightAnswer(setup, path, typeof requested === 'string' ? requested : undefined)).end();
    return;
  }
  const request: MockRequest = {
    method: req.method ?? 'GET',
    path,
    query: q === -1 ? '' : url.slice(q + 1),
    headers: req.headers,
    clientAddress: req.socket.remoteAddress ?? 'unknown',
    readBody: (limit) => readBody(req, limit),
  };
  setup.engine.handle(request).then(
    (response) => {
      try {
        if (response.network) breakConnection(res, response, response.network, setup.delay, request.method === 'HEAD');
        else send(res, response, request.method === 'HEAD');
      } catch (error) {
        // An answer that cannot be written (a value JSON.stringify cannot take) is a 500, never a crash.
        logger.error(`petstore-kit: internal error writing the answer to ${request.method} ${request.path.slice(0, 200)}: ${(error as Error)?.stack ?? String(error)}`);
        if (!res.headersSent) send(res, { status: 500, headers: {}, body: new ApiError('internal_error', 'Internal error').toBody() });
        else res.destroy();
        return;
      }
      const meta = response.meta;
      if (meta) logger.request({ method: request.method, path: meta.path, status: response.status, ms: meta.ms, key: meta.key, session: meta.session === DEFAULT_SESSION ? undefined : meta.session });
    },
    (error: unknown) => {
      // The engine answers every error itself; reaching here is a bug in the adapter.
      logger.error(`petstore-kit: unexpected error: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) send(res, { status: 500, headers: {}, body: new ApiError('internal_error', 'Internal error').toBody() });
    },
  );
}

/** Writes a response; for HEAD, the same headers as GET (Content-Length included) and no body. */
function send(res: ServerResponse, response: MockResponse, headOnly = false): void {
  if (response.stream) {
    sendStream(res, response.status, response.stream, Object.assign({}, CORS_HEADERS, response.headers), response.contentType ?? 'application/jsonl', headOnly);
    return;
  }
  const { headers, body } = encodeAnswer(response);
  res.writeHead(response.status, headers).end(headOnly ? undefined : body);
}

/** A streamed answer: headers at once, each frame as the clock lets it out; stops when the client goes away. */
function sendStream(res: ServerResponse, status: number, frames: AsyncIterable<string>, headers: Record<string, string | number>, type: string, headOnly: boolean): void {
  headers['Content-Type'] = type;
  headers['Cache-Control'] = 'no-cache';
  res.writeHead(status, headers);
  if (headOnly) {
    res.end();
    return;
  }
  res.flushHeaders();
  const iterator = frames[Symbol.asyncIterator]();
  let gone = false;
  res.once('close', () => {
    gone = true;
    void iterator.return?.();
  });
  void (async () => {
    try {
      for (let next = await iterator.next(); !next.done && !gone; next = await iterator.next()) res.write(next.value);
    } finally {
      res.end();
    }
  })();
}

async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  try {
    return await getRawBody(req, { limit, length: req.headers['content-length'] });
  } catch (error) {
    const type = (error as { type?: string }).type;
    if (type === 'entity.too.large') throw tooLarge(limit);
    throw new ApiError('validation_failed', type === 'request.size.invalid' ? 'The body is shorter or longer than its Content-Length' : 'The request body could not be read');
  }
}
