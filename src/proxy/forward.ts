import { request, errors } from 'undici';
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
  const named = new Set(HOP_BY_HOP);
  for (const listed of String(headers.connection ?? '').split(',')) named.add(listed.trim().toLowerCase());
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !named.has(name)) kept[name] = value;
  return kept;
}

/**
 * One request to the upstream with undici (Node's own HTTP client): credentials, cookies and
 * bodies pass as they came; redirects are not followed (the client sees them, as without us);
 * nothing is decompressed on the way.
 */
export async function forward(upstream: URL, outgoing: ForwardRequest, timeoutMs: number): Promise<UpstreamAnswer> {
  // Concatenated, not resolved: a target such as `//elsewhere/x` must stay a path on the upstream.
  const url = upstream.origin + upstream.pathname.replace(/\/+$/, '') + outgoing.target;
  try {
    const answer = await request(url, {
      method: outgoing.method as 'GET',
      headers: endToEndHeaders(outgoing.headers),
      body: outgoing.body,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    return { status: answer.statusCode, headers: endToEndHeaders(answer.headers), body: answer.body };
  } catch (err) {
    if (err instanceof errors.HeadersTimeoutError || err instanceof errors.ConnectTimeoutError || err instanceof errors.BodyTimeoutError) {
      throw new UpstreamError('timeout', `the upstream ${upstream.origin} did not answer ${outgoing.method} within ${timeoutMs / 1000} s`);
    }
    const code = (err as { code?: string }).code ?? (err as Error).name;
    throw new UpstreamError('unreachable', `the upstream ${upstream.origin} could not be reached (${code})`);
  }
}
