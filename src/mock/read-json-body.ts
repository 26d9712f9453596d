import { ApiError } from '../core/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../core/json-depth.js';
import type { MockRequest } from './mock-request.js';

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The JSON body of a request to an operation that takes one, in the order of checks:
 * media type (415), size (413, at once when `Content-Length` says so), then syntax (400).
 * Resolves undefined when the request has no body.
 */
export async function readJsonBody(request: MockRequest, limit: number): Promise<unknown> {
  if (!hasBody(request)) return undefined;
  const type = request.headers['content-type'];
  if (typeof type !== 'string' || !isJson(type)) throw unsupported('application/json', type);
  const raw = await readRaw(request, limit);
  return raw.length === 0 ? undefined : parseJson(raw);
}

export function hasBody(request: MockRequest): boolean {
  const h = request.headers;
  const length = h['content-length'];
  return (length !== undefined && length !== '0') || h['transfer-encoding'] !== undefined;
}

export function unsupported(expected: string, type: string | string[] | undefined): ApiError {
  return new ApiError('unsupported_media_type', `The request body must be ${expected}${type ? ` (got ${String(type).slice(0, 100)})` : ' (no Content-Type)'}`);
}

/** The body's bytes once encoding (415) and size (413, at once when `Content-Length` says so) are checked. */
export async function readRaw(request: MockRequest, limit: number): Promise<Uint8Array> {
  const h = request.headers;
  if (h['content-encoding'] !== undefined && h['content-encoding'] !== 'identity') {
    throw new ApiError('unsupported_media_type', 'Content-Encoding is not supported; send the JSON body uncompressed');
  }
  const length = h['content-length'];
  if (length !== undefined && Number(length) > limit) throw tooLarge(limit);
  return request.readBody(limit);
}

export function parseJson(raw: Uint8Array): unknown {
  let text: string;
  try {
    text = decoder.decode(raw);
  } catch {
    throw malformed('is not valid UTF-8');
  }
  if (nestsDeeperThan(text)) throw malformed(`nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw malformed(`is not valid JSON: ${(error as Error).message.slice(0, 200)}`);
  }
}

function malformed(problem: string): ApiError {
  return new ApiError('validation_failed', `Malformed JSON in the request body: it ${problem}`, { details: [{ path: '/body', message: problem }] });
}

export function tooLarge(limit: number): ApiError {
  return new ApiError('payload_too_large', `The request body is over ${limit} bytes`, { headers: { Connection: 'close' } });
}

/** Only `application/json` (any parameters): the document lists no other request media type. */
function isJson(contentType: string): boolean {
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}
