import type { Clock } from '../core/clock.js';
import type { Exchange, StreamRead } from './events.js';
import { isSequentialType } from '../spec/sequential-media.js';
import { readStreamBody, type StreamLimits } from './stream-body.js';
import { readResponseBody, type ReadBody } from './response-body.js';
import type { RunDeadline } from './run-deadline.js';

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A JSON value, serialised by the transport. */
  body?: unknown;
  /** Sent even once `--max-duration` is reached (cleanup, so that the run leaves no records behind). */
  pastDeadline?: boolean;
}

/** No answer: the connection failed or timed out. `code` is the system's (`ECONNREFUSED`) or `TIMEOUT`. */
export class TransportError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

export interface Transport {
  send(request: OutgoingRequest): Promise<Exchange>;
}

export interface TransportOptions {
  fetch: FetchFunction;
  clock: Clock;
  timeoutMs: number;
  /** The `--base-url` origin: the only one requests go to, since every request may carry credentials. */
  origin: string;
  /** Bytes of one body, after decompression, past which the runner stops reading (`--max-response-bytes`). */
  maxResponseBytes: number;
  /** The run's `--max-duration`: no request starts after it, and one in flight is cut at it. */
  deadline?: RunDeadline;
  /** How much of a streamed answer is read (`--max-stream-items`, `--max-stream-seconds`). */
  stream?: StreamLimits;
}

/**
 * HTTP over `fetch`: one request, one recorded Exchange. Nothing here knows about cases or checks.
 * Redirects are never followed (`redirect: 'manual'`): a 3xx is an answer to check, and following
 * it would send the credentials wherever the target points.
 */
export function createTransport(options: TransportOptions): Transport {
  return {
    async send(request) {
      const target = new URL(request.url);
      if (target.origin !== options.origin) {
        throw new TransportError('FOREIGN_ORIGIN', `${request.method} ${target.origin}${target.pathname} not sent: the runner sends requests (and credentials) only to ${options.origin}`);
      }
      const remaining = request.pastDeadline || !options.deadline ? Infinity : options.deadline.remainingMs();
      if (remaining <= 0) throw deadlineError(request, options.deadline!.maxMs, 'before');
      const limitMs = Math.min(options.timeoutMs, remaining);
      const started = options.clock.now();
      const init: RequestInit = { method: request.method, headers: request.headers, redirect: 'manual', signal: AbortSignal.timeout(Math.max(1, Math.ceil(limitMs))) };
      if (request.body !== undefined) init.body = JSON.stringify(request.body);
      let response: Response;
      let read: ReadBody;
      let stream: StreamRead | undefined;
      const where = `${request.method} ${target.pathname}`;
      try {
        response = await options.fetch(request.url, init);
        const type = response.headers.get('content-type') ?? '';
        if (isSequentialType(type)) {
          const streamed = await readStreamBody(response, type, options.stream ?? DEFAULT_STREAM_LIMITS, options.maxResponseBytes);
          read = { text: streamed.text, body: undefined };
          stream = streamed.stream;
        } else {
          read = await readResponseBody(response, options.maxResponseBytes, where);
        }
      } catch (err) {
        if (limitMs < options.timeoutMs && isTimeout(err)) throw deadlineError(request, options.deadline!.maxMs, 'while waiting for');
        throw toTransportError(err, request, options.timeoutMs);
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const exchange: Exchange = {
        request: { method: request.method, url: request.url, headers: { ...request.headers }, ...(request.body !== undefined ? { body: request.body } : {}) },
        response: { status: response.status, headers, body: read.body, text: read.text, ...(read.fullLength !== undefined ? { fullLength: read.fullLength } : {}), ...(stream && { stream }) },
        durationMs: options.clock.now() - started,
      };
      if (read.problem) exchange.bodyProblem = read.problem;
      return exchange;
    },
  };
}

/** INTERFACE section 17's defaults: 100 items or 10 seconds, whichever comes first. */
export const DEFAULT_STREAM_LIMITS: StreamLimits = { maxItems: 100, maxMs: 10_000 };

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

function deadlineError(request: OutgoingRequest, maxMs: number, when: string): TransportError {
  return new TransportError('DEADLINE', `--max-duration reached (${maxMs / 1000} s) ${when} ${request.method} ${new URL(request.url).pathname}`);
}

function toTransportError(err: unknown, request: OutgoingRequest, timeoutMs: number): TransportError {
  const error = err as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string; errors?: { code?: string }[] } };
  if (isTimeout(err)) {
    return new TransportError('TIMEOUT', `no answer to ${request.method} ${request.url} within ${timeoutMs / 1000} s`);
  }
  if (error?.cause?.message === 'bad port') {
    // The Fetch standard blocks some ports (9, 6000, 10080...): say so rather than a vague error.
    return new TransportError('BAD_PORT', `fetch refuses port ${new URL(request.url).port}, a "bad port" of the Fetch standard`);
  }
  const code = error?.cause?.code ?? error?.cause?.errors?.[0]?.code ?? error?.code ?? 'ERROR';
  return new TransportError(code, `${request.method} ${request.url} failed (${code}${error?.cause?.message && !error.cause.code ? `: ${error.cause.message}` : ''})`);
}
