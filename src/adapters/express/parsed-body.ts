import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { isJsonType } from '../../engine/documented-responses.js';

/**
 * The request the mock's listener reads its body from. An app that parses bodies before the mock
 * (`app.use(express.json())` at the top, as most apps do) has already read the stream, and the
 * mock would see no bytes. What the parser left in `req.body` is turned back into bytes where that
 * loses nothing the mock checks: a Buffer (`express.raw`) or string (`express.text`) as it was,
 * JSON (`express.json`) serialised again, flat form fields (`express.urlencoded`) encoded again.
 * Anything else is an Error naming the fix (mount the mock before the parser).
 */
export function requestWithBody(req: IncomingMessage & { body?: unknown }): IncomingMessage | Error {
  if (!req.readableEnded || !sentBody(req)) return req;
  const bytes = bytesOf(req.body, req.headers['content-type']);
  if (bytes === undefined) {
    return new Error(
      `createMiddleware: the body of ${req.method} ${req.url} was read before the mock by a middleware that left ${req.body === undefined ? 'nothing' : 'a value the mock cannot turn back into the bytes sent'} in req.body; mount createMiddleware() before the body parsers (app.use('/api', createMiddleware()) first)`,
    );
  }
  const headers = { ...req.headers, 'content-length': String(bytes.byteLength) };
  // The bytes are the parser's decoded body: no longer chunked or compressed.
  delete headers['transfer-encoding'];
  delete headers['content-encoding'];
  return Object.assign(Readable.from([bytes]), { url: req.url, method: req.method, headers, socket: req.socket, httpVersion: req.httpVersion }) as unknown as IncomingMessage;
}

function sentBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function bytesOf(body: unknown, contentType: string | undefined): Buffer | undefined {
  if (Buffer.isBuffer(body)) return body;
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body === undefined || contentType === undefined) return undefined;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (isJsonType(mediaType)) return Buffer.from(JSON.stringify(body), 'utf8');
  if (mediaType === 'application/x-www-form-urlencoded' && isFlatForm(body)) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(body)) for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
    return Buffer.from(form.toString(), 'utf8');
  }
  return undefined;
}

function isFlatForm(body: unknown): body is Record<string, string | string[]> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.values(body).every((v) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')));
}
