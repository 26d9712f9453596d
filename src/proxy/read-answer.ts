import type { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** An answer read for checking: whole when it fits under the cap, else the start and the rest still streaming. */
export type ReadAnswer = { whole: true; bytes: Buffer } | { whole: false; head: Buffer[]; rest: Readable };

/** Reads up to `cap` bytes of an answer; past it, hands back what was read and the stream, so it can still be passed on. */
export function readAnswer(body: Readable, cap: number): Promise<ReadAnswer> {
  // Events, not for-await: leaving a for-await loop early would destroy the stream we hand back.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      body.off('data', onData).off('end', onEnd).off('error', reject);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > cap) {
        body.pause();
        done();
        resolve({ whole: false, head: chunks, rest: body });
      }
    };
    const onEnd = () => {
      done();
      resolve({ whole: true, bytes: Buffer.concat(chunks, size) });
    };
    body.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

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
