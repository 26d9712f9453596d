import type { Socket } from 'node:net';
import { buildConnector } from 'undici';

const CONTINUE = /^HTTP\/1\.[01] 100[ \r]/;
const PREFIX = 'HTTP/1.1 100 ';

/**
 * A connector whose sockets pass over `100 Continue` interim answers the upstream sends unasked.
 * RFC 9110 section 15.2 lets a client ignore an unexpected 1xx and read the final answer; undici
 * (decision 033's client) instead drops the connection on any 100 and the proxy answered 502. The
 * proxy never sends `Expect: 100-continue` (it is hop-by-hop here), so every 100 is unasked: it is
 * taken out of the bytes before undici parses them, at the start of an answer only (after a
 * request was written and before any byte of its answer).
 */
export function continueSkippingConnector(options: buildConnector.BuildOptions = {}): buildConnector.connector {
  const connect = buildConnector(options);
  return (opts, callback) =>
    connect(opts, (err, socket) => {
      if (socket) skipContinues(socket as Socket);
      (callback as (err: Error | null, socket: Socket | null) => void)(err, socket as Socket | null);
    });
}

function skipContinues(socket: Socket): void {
  let atAnswerStart = false;
  let pending: Buffer = Buffer.alloc(0);
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (pending.length === 0) atAnswerStart = true;
    return write(...args);
  }) as typeof socket.write;
  const push = socket.push.bind(socket);
  socket.push = (chunk: Buffer | null, encoding?: BufferEncoding): boolean => {
    if (!atAnswerStart) return push(chunk, encoding);
    if (chunk === null) {
      atAnswerStart = false;
      if (pending.length > 0) push(pending);
      return push(null);
    }
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    for (;;) {
      const head = pending.subarray(0, PREFIX.length).toString('latin1');
      if (head.length < PREFIX.length && PREFIX.startsWith(head)) return true; // too short to tell yet
      if (!CONTINUE.test(head)) break;
      const end = pending.indexOf('\r\n\r\n');
      if (end === -1) return true; // the interim answer's end has not come yet
      pending = pending.subarray(end + 4);
      if (pending.length === 0) return true;
    }
    atAnswerStart = false;
    const rest = pending;
    pending = Buffer.alloc(0);
    return push(rest);
  };
}
