import { ApiError } from '../core/errors.js';
import { isJsonType } from '../engine/documented-responses.js';
import { CORS_HEADERS, preflightAnswer } from '../http/cors.js';
import type { MockSetup } from '../mock/create-engine.js';
import type { MockRequest, MockResponse } from '../mock/mock-request.js';
import { tooLarge } from '../mock/read-json-body.js';
import { underBase } from '../engine/under-base.js';

/**
 * One Fetch API request through the engine, answered as a Fetch API response: what the HTTP
 * server (src/http/create-app.ts) does with node:http, for environments that speak Fetch (MSW in
 * the browser and in Node). `path` is the request's path below the mount point.
 */
export async function answerFetch(setup: MockSetup, request: Request, path: string, query: string, basePath = '', cookies?: Record<string, string>): Promise<Response> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  // A page's fetch may not carry a Cookie header: MSW reads the page's cookies and hands them over
  // parsed (with those of the request's own header and of its cookie store), as a browser sends them.
  if (cookies && Object.keys(cookies).length > 0) headers.cookie = cookieHeader(cookies);
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: preflightAnswer(setup, path, headers['access-control-request-headers']) });
  // Fetch gives the body without the Content-Length a client sends on the wire (the engine reads
  // "no body" from its absence): the bytes are at hand in-process, so it is set from them.
  const bytes = request.body ? new Uint8Array(await request.arrayBuffer()) : new Uint8Array(0);
  if (request.body && headers['content-length'] === undefined) headers['content-length'] = String(bytes.byteLength);
  const mockRequest: MockRequest = {
    method: request.method,
    path,
    query,
    headers,
    // No socket here: the mock counts anonymous callers per address, and every caller is this page or test.
    clientAddress: '127.0.0.1',
    readBody: async (limit) => {
      if (bytes.byteLength > limit) throw tooLarge(limit);
      return bytes;
    },
  };
  let response: MockResponse;
  try {
    response = await setup.engine.handle(mockRequest);
  } catch {
    response = { status: 500, headers: {}, body: new ApiError('internal_error', 'Internal error').toBody() };
  }
  // No socket to break here: a network fault is the one failure a fetch client sees, a network error (decision 075).
  if (response.network) return Response.error();
  if (basePath) underBase(response.headers, basePath);
  return toFetchResponse(response, request.method === 'HEAD');
}

/** The same headers and body as the server's send(): CORS, Content-Type, Content-Length. */
function toFetchResponse(response: MockResponse, headOnly: boolean): Response {
  const headers = new Headers({ ...CORS_HEADERS, ...response.headers });
  if (response.stream) {
    headers.set('Content-Type', response.contentType ?? 'application/jsonl');
    headers.set('Cache-Control', 'no-cache');
    return new Response(headOnly ? null : streamBody(response.stream), { status: response.status, headers });
  }
  if (response.body === undefined) return new Response(null, { status: response.status, headers });
  const raw = response.contentType !== undefined && !isJsonType(response.contentType);
  const body = raw ? (response.body as string | Uint8Array) : JSON.stringify(response.body);
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  headers.set('Content-Type', response.contentType ?? 'application/json');
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(headOnly ? null : (bytes as Uint8Array<ArrayBuffer>), { status: response.status, headers });
}

/** Frames as a ReadableStream of bytes, pulled as the reader asks; cancelling it (the page stopped reading) stops the frames. */
function streamBody(frames: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const iterator = frames[Symbol.asyncIterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/** `{a: '1', sid: 'k'}` -> `a=1; sid=k`, values percent-encoded as parseCookieHeader decodes them. */
function cookieHeader(cookies: Record<string, string>): string {
  return Object.entries(cookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}
