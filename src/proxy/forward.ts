import { Pool, errors } from 'undici';
import type { Readable } from 'node:stream';

/** What the upstream answered; the body is a stream the caller reads or pipes. */
export interface UpstreamAnswer {
  status: number;
  /** Lower-cased names; repeated headers (Set-Cookie) as arrays. */
  headers: Record<string, string | string[]>;
  body: Readable;
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
    this.pool = new Pool(url.origin, { connections, pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
    this.prefix = url.pathname.replace(/\/+$/, '');
  }

  async forward(outgoing: ForwardRequest): Promise<UpstreamAnswer> {
    try {
      const answer = await this.pool.request({
        // Concatenated, not resolved: a target such as `//elsewhere/x` must stay a path on the upstream.
        path: this.prefix + outgoing.target,
        method: outgoing.method as 'GET',
        headers: endToEndHeaders(outgoing.headers),
        body: outgoing.body ?? null,
      });
      return { status: answer.statusCode, headers: endToEndHeaders(answer.headers), body: answer.body };
    } catch (err) {
      if (err instanceof errors.HeadersTimeoutError || err instanceof errors.ConnectTimeoutError || err instanceof errors.BodyTimeoutError) {
        throw new UpstreamError('timeout', `the upstream ${this.url.origin} did not answer ${outgoing.method} within ${this.timeoutMs / 1000} s`);
      }
      const code = (err as { code?: string }).code ?? (err as Error).name;
      throw new UpstreamError('unreachable', `the upstream ${this.url.origin} could not be reached (${code})`);
    }
  }

  /** Closes the pooled connections (in-flight requests finish first). */
  close(): Promise<void> {
    return this.pool.close();
  }
}
