import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * Errors Node's HTTP parser raises before Express sees the request (oversized headers, a bad
 * request line) still get the Error object, with `status` equal to the HTTP status.
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
    const body = JSON.stringify({
      code: tooLarge ? 'request_header_fields_too_large' : timeout ? 'request_timeout' : 'validation_failed',
      message: tooLarge ? 'The request headers are too large' : timeout ? 'The request took too long to arrive' : 'The request is not valid HTTP',
      status,
    });
    const reason = tooLarge ? 'Request Header Fields Too Large' : timeout ? 'Request Timeout' : 'Bad Request';
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Access-Control-Allow-Origin: *\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
