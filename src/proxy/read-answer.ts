import type { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * An answer read for checking: whole when it fits under the cap, else the start and the rest still
 * streaming; `streamed` for a sequential media type (SSE, JSON Lines, json-seq), passed on at once.
 */
export type ReadAnswer = { whole: true; bytes: Buffer } | { whole: false; head: Buffer[]; rest: Readable; streamed?: boolean };

/** The body as the client will read it (decompressed, at most `cap` bytes), for the checks only. */
export function decodedText(bytes: Buffer, encoding: string | undefined, cap: number): string {
  const options = { maxOutputLength: cap };
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(bytes, options).toString('utf8');
    case 'deflate':
      return inflateSync(bytes, options).toString('utf8');
    case 'br':
      return brotliDecompressSync(bytes, options).toString('utf8');
    default:
      return bytes.toString('utf8');
  }
}
