import { Readable } from 'node:stream';
import { Pool, errors, util, type Dispatcher } from 'undici';
import { isSequentialType } from '../spec/sequential-media.js';
import type { ReadAnswer } from './read-answer.js';
import { continueSkippingConnector } from './skip-continue.js';

/** What the upstream answered: its body read whole up to the cap, else its start and the rest still streaming. */
export interface UpstreamAnswer {
  status: number;
  /** Lower-cased names; repeated headers (Set-Cookie) as arrays. */
  headers: Record<string, string | string[]>;
  body: ReadAnswer;
}

export interface ForwardRequest {
  method: string;
  /** Path and query as received. */
  target: string;
  /** Lower-cased names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Buffer | undefined;
}

/** The upstream could not be asked or did not answer in time: 502 or 504. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

// RFC 9110 section 7.6.1: hop-by-hop fields are the proxy's, never forwarded. Host is the upstream's.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length', 'expect']);

export function endToEndHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string | string[]> {
  // A Connection header may name more hop-by-hop fields; most requests have none beyond the fixed set.
  const listed = headers.connection === undefined ? undefined : new Set(String(headers.connection).split(',').map((n) => n.trim().toLowerCase()));
  const kept: Record<string, string | string[]> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined && !HOP_BY_HOP.has(name) && !listed?.has(name)) kept[name] = value;
  }
  return kept;
}

/**
 * The upstream, asked with undici (Node's own HTTP client) through one pool of keep-alive
 * connections for the proxy's lifetime (decision 033): credentials, cookies and bodies pass as
 * they came; redirects are not followed (the client sees them, as without us); nothing is
 * decompressed on the way.
 */
export class Upstream {
  private readonly pool: Pool;
  /** The upstream's own path prefix, without a trailing slash. */
  private readonly prefix: string;

  constructor(
    readonly url: URL,
    private readonly timeoutMs: number,
    connections = 256,
  ) {
    // One request at a time per connection (no pipelining: a slow answer would hold up the ones
    // queued behind it, and a POST must not be retried); as many connections as requests in flight.
    this.pool = new Pool(url.origin, { connections, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connect: continueSkippingConnector() });
    this.prefix = url.pathname.replace(/\/+$/, '');
  }

  /**
   * Sends the request and reads the answer up to `cap` bytes. Through undici's dispatch callbacks,
   * not `request()`: no stream is made for an answer read whole, the common case (decision 033).
   * Past the cap, the answer so far and a stream of the rest (paused while the client is slow).
   */
  forward(outgoing: ForwardRequest, cap: number): Promise<UpstreamAnswer> {
    return new Promise((resolve, reject) => {
      let status = 0;
      let headers: Record<string, string | string[]> = {};
      let chunks: Buffer[] = [];
      let size = 0;
      let rest: Readable | undefined;
      let paused = false;
      let abort: ((err?: Error) => void) | undefined;
      let resume: (() => void) | undefined;
      // undici's timeouts bound the wait for the headers and each wait between body chunks; an
      // upstream that drips a byte every few seconds would pass both for ever. This one bounds
      // the whole answer: past it, a 504 if the client has had nothing yet, else its connection cut.
      let timedOut = false;
      const deadline = this.timeoutMs > 0 ? setTimeout(() => ((timedOut = true), abort?.(new errors.BodyTimeoutError())), this.timeoutMs) : undefined;
      deadline?.unref();
      /** The answer so far and a stream of the rest; for a sequential answer, from its first byte. */
      const startRest = (streamed: boolean) => {
        rest = new Readable({
          read: () => {
            if (!paused) return;
            paused = false;
            resume?.();
          },
          destroy: (err, callback) => {
            abort?.(err ?? new Error('the answer was dropped'));
            callback(err);
          },
        });
        rest.pause();
        resolve({ status, headers, body: { whole: false, head: chunks, rest, ...(streamed && { streamed }) } });
        chunks = [];
      };
      const handler: Dispatcher.DispatchHandler = {
        onConnect: (abortRequest) => {
          abort = abortRequest;
          if (timedOut) abortRequest(new errors.BodyTimeoutError());
        },
        onHeaders: (statusCode, rawHeaders, resumeReading) => {
          if (statusCode < 200) return true; // 1xx information (103 Early Hints): the final answer follows
          status = statusCode;
          headers = endToEndHeaders(util.parseHeaders(rawHeaders as Buffer[]) as Record<string, string | string[]>);
          resume = resumeReading;
          const type = headers['content-type'];
          if (typeof type === 'string' && isSequentialType(type)) {
            // A stream may rightly last: only undici's wait between chunks bounds it, not the whole-answer deadline.
            clearTimeout(deadline);
            startRest(true);
          }
          return true;
        },
        onData: (chunk) => {
          if (rest) {
            if (rest.push(chunk)) return true;
            paused = true;
            return false;
          }
          chunks.push(chunk);
          size += chunk.length;
          if (size <= cap) return true;
          startRest(false);
          return true;
        },
        onComplete: () => {
          clearTimeout(deadline);
          if (rest) rest.push(null);
          else resolve({ status, headers, body: { whole: true, bytes: Buffer.concat(chunks, size) } });
        },
        onError: (err) => {
          clearTimeout(deadline);
          if (rest) rest.destroy(err);
          else reject(this.failure(err, outgoing.method));
        },
      };
      try {
        this.pool.dispatch(
          {
            // Concatenated, not resolved: a target such as `//elsewhere/x` must stay a path on the upstream.
            path: this.prefix + outgoing.target,
            method: outgoing.method as Dispatcher.HttpMethod,
            headers: endToEndHeaders(outgoing.headers),
            body: outgoing.body ?? null,
          },
          handler,
        );
      } catch (err) {
        clearTimeout(deadline);
        reject(this.failure(err as Error, outgoing.method));
      }
    });
  }

  private failure(err: Error, method: string): UpstreamError {
    if (err instanceof errors.HeadersTimeoutError || err instanceof errors.ConnectTimeoutError || err instanceof errors.BodyTimeoutError) {
      return new UpstreamError('timeout', `the upstream ${this.url.origin} did not answer ${method} within ${this.timeoutMs / 1000} s`);
    }
    const code = (err as { code?: string }).code ?? err.name;
    return new UpstreamError('unreachable', `the upstream ${this.url.origin} could not be reached (${code})`);
  }

  /** Closes the pooled connections (in-flight requests finish first). */
  close(): Promise<void> {
    return this.pool.close();
  }
}
