import { isJsonType } from '../engine/documented-responses.js';
import type { MockResponse } from '../mock/mock-request.js';
import { CORS_HEADERS } from './cors.js';

/** An answer's headers (CORS, Content-Type, Content-Length) and body bytes, as send() writes them. */
export function encodeAnswer(response: MockResponse): { headers: Record<string, string | number>; body: Buffer | undefined } {
  const headers: Record<string, string | number> = Object.assign({}, CORS_HEADERS, response.headers);
  if (response.body === undefined) return { headers, body: undefined };
  const raw = response.contentType !== undefined && !isJsonType(response.contentType);
  const text = raw ? (response.body as string | Buffer) : JSON.stringify(response.body);
  headers['Content-Type'] = response.contentType ?? 'application/json';
  const body = typeof text === 'string' ? Buffer.from(text) : text;
  headers['Content-Length'] = body.byteLength;
  return { headers, body };
}
