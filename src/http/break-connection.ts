import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { MockResponse, NetworkBreak } from '../mock/mock-request.js';
import { encodeAnswer } from './encode-answer.js';

/** A dripped body arrives in at most this many pieces, evenly spaced over the fault's `ms`. */
const DRIP_PIECES = 10;

/**
 * Breaks the answer's connection as a network fault asks (INTERFACE.md section 19), on the real
 * socket: what a client sees is what a broken network gives it (ECONNRESET, an empty reply, a
 * chunked body that cannot be parsed, a body arriving slowly).
 */
export function breakConnection(res: ServerResponse, response: MockResponse, network: NetworkBreak, wait: (ms: number) => Promise<void>, headOnly: boolean): void {
  const socket = res.socket;
  if (!socket) return;
  if (network.type === 'reset') {
    // RST instead of FIN: the client's read fails with ECONNRESET.
    socket.resetAndDestroy();
    return;
  }
  if (network.type === 'empty') {
    // FIN before a byte of the answer: "socket hang up", curl's "Empty reply from server".
    socket.end();
    socket.destroySoon();
    return;
  }
  const { headers, body } = encodeAnswer(response);
  if (network.type === 'malformed') {
    // The head of the real answer, then a chunk whose size line is not hexadecimal, then the end.
    delete headers['Content-Length'];
    headers['Transfer-Encoding'] = 'chunked';
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${String(value)}\r\n`);
    const first = (body ?? Buffer.alloc(0)).subarray(0, 8);
    const head = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}\r\n${lines.join('')}Connection: close\r\n\r\n`;
    socket.end(Buffer.concat([Buffer.from(head), Buffer.from(`${first.byteLength.toString(16)}\r\n`), first, Buffer.from('\r\nzz-not-a-chunk-size\r\n')]));
    return;
  }
  void drip(res, response.status, headers, headOnly ? undefined : body, network.ms ?? 0, wait);
}

/** The real answer, its body in pieces spaced over `ms` on the injected clock (Content-Length as usual). */
async function drip(res: ServerResponse, status: number, headers: Record<string, string | number>, body: Buffer | undefined, ms: number, wait: (ms: number) => Promise<void>): Promise<void> {
  res.writeHead(status, headers);
  if (!body || body.byteLength === 0) {
    await wait(ms);
    res.end();
    return;
  }
  const pieces = Math.min(DRIP_PIECES, body.byteLength);
  const size = Math.ceil(body.byteLength / pieces);
  for (let i = 0; i < pieces; i++) {
    await wait(ms / pieces);
    if (res.destroyed) return;
    const piece = body.subarray(i * size, (i + 1) * size);
    if (i === pieces - 1) res.end(piece);
    else res.write(piece);
  }
}
