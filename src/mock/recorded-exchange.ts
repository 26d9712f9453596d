/**
 * What the journal keeps of an exchange for `GET /__admin/requests?format=har`: the query, the
 * request's and answer's headers and bodies, bounded, with credentials masked
 * (docs/decisions/088-journal-as-har.md). Pure: the engine runs in browsers too.
 */
import { isJsonType } from '../engine/documented-responses.js';
import type { MockRequest, MockResponse } from './mock-request.js';
import { ownCopy } from './kept-text.js';

export interface RecordedExchange {
  /** The path as received (up to 2,048 characters; the journal line's `path` is cut at 200). */
  path: string;
  /** The raw query string ('' when none). */
  query: string;
  requestHeaders: [string, string][];
  requestBody?: string;
  responseHeaders: [string, string][];
  responseBody?: string;
  /** Why a body was not kept (over the bound, bytes, a stream), by side. */
  notKept?: { request?: string; response?: string };
}

/** The longest body kept, in characters; a longer one is named with its length, not kept. */
export const KEPT_BODY_CHARS = 16 * 1024;
const KEPT_HEADERS = 50;
const KEPT_HEADER_CHARS = 1024;
const KEPT_QUERY_CHARS = 2048;
/** Headers whose values are credentials whatever the document says. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/**
 * `credential` is what the request authenticated with (or presented): masked as `shown` wherever
 * it appears (another header, the query, a body); the credential headers are masked whatever they hold.
 */
export function recordExchange(request: MockRequest, requestBody: Uint8Array | undefined, response: MockResponse, credential: string | undefined, mask: (secret: string) => string): RecordedExchange {
  const hide = (text: string) => (credential && credential.length >= 4 && text.includes(credential) ? text.split(credential).join(mask(credential)) : text);
  const notKept: NonNullable<RecordedExchange['notKept']> = {};
  const recorded: RecordedExchange = {
    path: ownCopy(hide(request.path.slice(0, KEPT_QUERY_CHARS))),
    query: ownCopy(hide(request.query.slice(0, KEPT_QUERY_CHARS))),
    requestHeaders: headerPairs(Object.entries(request.headers), hide, mask),
    responseHeaders: headerPairs(Object.entries(answerHeaders(response)), hide, mask),
  };
  if (requestBody && requestBody.byteLength > 0) {
    if (requestBody.byteLength > KEPT_BODY_CHARS * 4) notKept.request = `${requestBody.byteLength} bytes, over ${KEPT_BODY_CHARS} characters`;
    else {
      const text = new TextDecoder().decode(requestBody);
      if (text.length > KEPT_BODY_CHARS) notKept.request = `${text.length} characters, over ${KEPT_BODY_CHARS}`;
      else recorded.requestBody = hide(text);
    }
  }
  const answer = answerText(response);
  if (typeof answer === 'string') {
    if (answer.length > KEPT_BODY_CHARS) notKept.response = `${answer.length} characters, over ${KEPT_BODY_CHARS}`;
    else recorded.responseBody = ownCopy(hide(answer));
  } else if (answer) notKept.response = answer.why;
  if (notKept.request || notKept.response) recorded.notKept = notKept;
  return recorded;
}

/** The answer's headers as the HTTP layer sends them (its Content-Type added). */
function answerHeaders(response: MockResponse): Record<string, string> {
  if (response.body === undefined && response.stream === undefined) return response.headers;
  return { ...response.headers, 'Content-Type': response.contentType ?? 'application/json' };
}

/** The body as sent, as text; or why it is not kept; undefined for none. */
function answerText(response: MockResponse): string | { why: string } | undefined {
  if (response.stream) return { why: 'a stream: its items are not kept' };
  const body = response.body;
  if (body === undefined) return undefined;
  if (response.contentType !== undefined && !isJsonType(response.contentType)) {
    return typeof body === 'string' ? body : { why: `${(body as Uint8Array).byteLength} bytes of ${response.contentType}` };
  }
  return JSON.stringify(body);
}

function headerPairs(entries: [string, string | string[] | number | undefined][], hide: (text: string) => string, mask: (secret: string) => string): [string, string][] {
  const out: [string, string][] = [];
  for (const [name, value] of entries) {
    if (value === undefined) continue;
    if (out.length >= KEPT_HEADERS) break;
    const lower = name.toLowerCase();
    const text = (Array.isArray(value) ? value.join(', ') : String(value)).slice(0, KEPT_HEADER_CHARS);
    out.push([ownCopy(name.slice(0, 200)), ownCopy(CREDENTIAL_HEADERS.has(lower) ? maskedCredential(text, mask) : hide(text))]);
  }
  return out;
}

/** `Bearer abc...xyz` -> `Bearer abc…yz`: the scheme kept, the secret masked; a cookie's each value masked. */
function maskedCredential(value: string, mask: (secret: string) => string): string {
  if (value.includes('=') && !/^\w+\s/.test(value)) return value.split(/;\s*/).map((pair) => pair.replace(/=(.*)$/, (_m, v: string) => `=${mask(v)}`)).join('; ');
  const scheme = /^(\w+)\s+(.+)$/.exec(value);
  return scheme ? `${scheme[1]} ${mask(scheme[2]!)}` : mask(value);
}
