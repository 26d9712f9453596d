import type { IncomingMessage } from 'node:http';
import { ApiError } from '../core/errors.js';
import { tooLarge } from '../mock/read-json-body.js';

/**
 * The request body, at most `limit` bytes: a declared length over the limit is refused before a
 * byte is read, and a chunked body is cut off as soon as it passes the limit, so a large upload is
 * never held whole. Undefined when there is no body.
 */
export async function readRequestBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) throw tooLarge(limit);
  if (declared === undefined && req.headers['transfer-encoding'] === undefined) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return size === 0 ? undefined : Buffer.concat(chunks, size);
}

/** The JSON value of a body the validator can check; undefined for none or a documented non-JSON body. */
export function jsonForValidation(body: Buffer | undefined, contentType: string | undefined, documented: readonly string[]): unknown {
  if (body === undefined) return undefined;
  const base = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  const accepted = documented.map((m) => m.toLowerCase());
  const isJson = base === 'application/json' || /^application\/[\w.+-]+\+json$/.test(base);
  if (!accepted.includes(base) && !accepted.some((m) => m === '*/*' || (m.endsWith('/*') && base.startsWith(m.slice(0, -1))))) {
    throw new ApiError('unsupported_media_type', `The request body must be ${accepted.join(' or ')}${base ? ` (got ${base.slice(0, 100)})` : ' (no Content-Type)'}`);
  }
  if (!isJson) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    const problem = `is not valid JSON: ${(error as Error).message.slice(0, 200)}`;
    throw new ApiError('validation_failed', `Malformed JSON in the request body: it ${problem}`, { details: [{ path: '/body', message: problem }] });
  }
}
