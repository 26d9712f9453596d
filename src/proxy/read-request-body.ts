import type { IncomingMessage } from 'node:http';
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
