import type { Clock } from '../core/clock.js';
import type { Exchange } from './events.js';

export interface OutgoingRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** A JSON value, serialised by the transport. */
  body?: unknown;
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
  /** Values (API keys) that never appear in recorded exchanges, since reports are shared. */
  secrets: readonly string[];
}

/** HTTP over `fetch`: one request, one recorded Exchange. Nothing here knows about cases or checks. */
export function createTransport(options: TransportOptions): Transport {
  const mask = masker(options.secrets);
  return {
    async send(request) {
      const started = options.clock.now();
      const init: RequestInit = { method: request.method, headers: request.headers, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutMs) };
      if (request.body !== undefined) init.body = JSON.stringify(request.body);
      let response: Response;
      let text: string;
      try {
        response = await options.fetch(request.url, init);
        text = await response.text();
      } catch (err) {
        throw toTransportError(err, request, options.timeoutMs);
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const recordedHeaders: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) recordedHeaders[name] = mask(value);
      return {
        request: { method: request.method, url: mask(request.url), headers: recordedHeaders, ...(request.body !== undefined ? { body: request.body } : {}) },
        response: { status: response.status, headers, body: parseBody(text), text },
        durationMs: options.clock.now() - started,
      };
    },
  };
}

/** JSON when the text is JSON, else the text itself; undefined for an empty body. */
export function parseBody(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `demo-enterprise` -> `demo…se`: enough to tell keys apart in a report, not enough to use one. */
export function maskSecret(secret: string): string {
  return secret.length <= 6 ? '…' : `${secret.slice(0, 4)}…${secret.slice(-2)}`;
}

function masker(secrets: readonly string[]): (text: string) => string {
  const sorted = [...new Set(secrets.filter((s) => s.length > 0))].sort((a, b) => b.length - a.length);
  return (text) => sorted.reduce((out, secret) => out.split(secret).join(maskSecret(secret)).split(encodeURIComponent(secret)).join(maskSecret(secret)), text);
}

function toTransportError(err: unknown, request: OutgoingRequest, timeoutMs: number): TransportError {
  const error = err as { name?: string; message?: string; code?: string; cause?: { code?: string; message?: string; errors?: { code?: string }[] } };
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError') {
    return new TransportError('TIMEOUT', `no answer to ${request.method} ${request.url} within ${timeoutMs / 1000} s`);
  }
  if (error?.cause?.message === 'bad port') {
    // The Fetch standard blocks some ports (9, 6000, 10080...): say so rather than a vague error.
    return new TransportError('BAD_PORT', `fetch refuses port ${new URL(request.url).port}, a "bad port" of the Fetch standard`);
  }
  const code = error?.cause?.code ?? error?.cause?.errors?.[0]?.code ?? error?.code ?? 'ERROR';
  return new TransportError(code, `${request.method} ${request.url} failed (${code}${error?.cause?.message && !error.cause.code ? `: ${error.cause.message}` : ''})`);
}
