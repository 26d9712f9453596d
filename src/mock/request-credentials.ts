/**
 * A request's credential sources for authenticate(): headers as node:http gives them, the query
 * string and the Cookie header, each parsed only when a scheme asks for it. Pure (no node:).
 */
import type { CredentialSource } from './authenticate.js';
import type { MockRequest } from './mock-request.js';
import { decodedOrAsIs } from '../core/decode-uri.js';

export function credentialSource(request: Pick<MockRequest, 'headers' | 'query'>): CredentialSource {
  let query: URLSearchParams | undefined;
  let cookies: ReadonlyMap<string, string> | undefined;
  const header = (name: string) => first(request.headers[name]);
  return {
    header,
    query: (name) => (query ??= new URLSearchParams(request.query)).get(name) ?? undefined,
    cookie: (name) => (cookies ??= parseCookieHeader(header('cookie'))).get(name),
  };
}

/**
 * `a=1; b="two"` -> {a: '1', b: 'two'} (RFC 6265 section 4.2.1). The first of a repeated name
 * wins, as browsers send the most specific cookie first; a value that is not valid percent-encoding
 * is kept as sent.
 */
export function parseCookieHeader(header: string | undefined): ReadonlyMap<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    if (name === '' || cookies.has(name)) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    cookies.set(name, decode(value));
  }
  return cookies;
}

function decode(value: string): string {
  return value.includes('%') ? decodedOrAsIs(value) : value;
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
