import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** The methods this server answers at all (a CONNECT is refused with this list). */
const SERVED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * Answers that Node's HTTP layer would otherwise make on its own, without the Error object or
 * without any answer at all, get the Error object with `status` equal to the HTTP status:
 * - parser errors before Express sees the request (oversized headers 431, a bad request line or
 *   header 400, headers or body too slow 408): `clientError`;
 * - `CONNECT` (no listener: Node closes the connection without a word): 405;
 * - an `Expect` other than `100-continue` (Node's bare 417): 417.
 */
export function attachClientErrorHandler(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const timeout = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = tooLarge ? 431 : timeout ? 408 : 400;
    const code = tooLarge ? 'request_header_fields_too_large' : timeout ? 'request_timeout' : 'validation_failed';
    const message = tooLarge ? 'The request headers are too large' : timeout ? 'The request took too long to arrive' : 'The request is not valid HTTP';
    const reason = tooLarge ? 'Request Header Fields Too Large' : timeout ? 'Request Timeout' : 'Bad Request';
    const answer = () => {
      const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
      // Once a response has started on this socket, another one would corrupt it (Node's own rule).
      if (!socket.writable || inFlight?.headersSent) socket.destroy();
      // Requests pipelined before the bad one are answered first, in order: Node hands the socket
      // to the next queued response when one finishes. A slow client is cut at once.
      else if (inFlight && !timeout) inFlight.once('finish', () => setImmediate(answer));
      else socket.end(rawErrorResponse(status, reason, code, message));
    };
    answer();
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => socket.destroy());
    socket.end(rawErrorResponse(405, 'Method Not Allowed', 'method_not_allowed', 'CONNECT is not supported: this is an API mock, not a proxy', `Allow: ${SERVED_METHODS}\r\n`));
  });
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    sendError(res, 417, 'expectation_failed', 'Only Expect: 100-continue is supported');
  });
}

/**
 * RFC 9112 section 3.2: an HTTP/1.1 request without `Host` is a 400. Node answers it itself with
 * an empty body unless `requireHostHeader` is false; then this wrapper answers it.
 */
export function requireHost(listener: RequestListener): RequestListener {
  return (req, res) => {
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
      sendError(res, 400, 'validation_failed', 'An HTTP/1.1 request needs a Host header');
      return;
    }
    listener(req, res);
  };
}

function sendError(res: ServerResponse, status: number, code: string, message: string): void {
  const body = JSON.stringify({ code, message, status });
  res.shouldKeepAlive = false;
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Access-Control-Allow-Origin': '*', Connection: 'close' }).end(body);
}

function rawErrorResponse(status: number, reason: string, code: string, message: string, extraHeaders = ''): string {
  const body = JSON.stringify({ code, message, status });
  return (
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `Access-Control-Allow-Origin: *\r\n${extraHeaders}Connection: close\r\n\r\n${body}`
  );
}
