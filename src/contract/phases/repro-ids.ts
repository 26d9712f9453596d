import type { Exchange } from '../events.js';

/** An id the server made, taken from an answer of the repro into a shell variable. */
export interface Capture {
  variable: string;
  value: string;
  /** The collection path the id belongs to (`/things/`), from `Location`, when known. */
  collection: string | undefined;
  /** POSIX sh that sets the variable from the answer held in "$R" (status line, headers, body). */
  extract: string;
}

const ID_KEY = /^(id|.*Id|.*_id|.*ID)$/;
const scalar = (v: unknown): v is string | number => typeof v === 'string' || (typeof v === 'number' && Number.isInteger(v));

/** The last path segment of a Location header, and the path before it. */
function locationParts(location: string | undefined): { value: string; collection: string } | undefined {
  const path = (location ?? '').replace(/^[a-z]+:\/\/[^/]*/i, '').split(/[?#]/)[0]!;
  const match = /^(.*\/)([^/]+)$/.exec(path);
  return match ? { value: decodeURIComponent(match[2]!), collection: match[1]! } : undefined;
}

/**
 * What a created record's answer gives the later requests of a repro: its id from `Location`
 * (the last path segment) or else from the body's id field, with the sh that reads it on replay.
 * Only `2xx` answers to POST create ids.
 */
export function captureFrom(exchange: Exchange, variable: string): Capture | undefined {
  const { request, response } = exchange;
  if (request.method !== 'POST' || response.status < 200 || response.status >= 300) return undefined;
  const located = locationParts(response.headers['location']);
  if (located) {
    const extract = `${variable}=$(printf '%s\\n' "$R" | tr -d '\\r' | sed -n 's|^[Ll][Oo][Cc][Aa][Tt][Ii][Oo][Nn]:.*/\\([^/?#]*\\)[[:space:]]*$|\\1|p' | head -n 1)`;
    return { variable, value: located.value, collection: located.collection, extract };
  }
  const body = response.body as Record<string, unknown> | undefined;
  const id = body && typeof body === 'object' && !Array.isArray(body) ? body['id'] : undefined;
  // A body id is read by text: only when the answer names "id" once, so the first match is it.
  if (!scalar(id) || (response.text ?? '').split('"id"').length !== 2) return undefined;
  const extract = `${variable}=$(printf '%s\\n' "$R" | tr -d '\\n' | sed -n 's/.*"id"[[:space:]]*:[[:space:]]*"\\{0,1\\}\\([^",}[:space:]]*\\).*/\\1/p')`;
  return { variable, value: String(id), collection: undefined, extract };
}

/** The capture a value of a later request stands for: the latest with that value, preferring one of the same collection. */
export function captureFor(captures: readonly Capture[], value: string, path?: string): Capture | undefined {
  const same = captures.filter((c) => c.value === value);
  const inCollection = path === undefined ? undefined : same.filter((c) => c.collection !== undefined && path.startsWith(c.collection)).at(-1);
  return inCollection ?? same.at(-1);
}

/** A request path with every segment (and id-like query value) that a capture made replaced by `${VAR}`. */
export function pathWithCaptures(path: string, captures: readonly Capture[]): { text: string; swaps: Map<string, string> } {
  const swaps = new Map<string, string>();
  const [pathname, query] = path.split(/\?(.*)/s, 2) as [string, string | undefined];
  const segments = pathname.split('/').map((segment, i, all) => {
    const capture = captureFor(captures, decodeURIComponent(segment), `${all.slice(0, i).join('/')}/`);
    if (!capture || segment === '') return segment;
    const token = `\uE000${swaps.size}\uE000`;
    swaps.set(token, capture.variable);
    return token;
  });
  const params = (query ?? '').split('&').filter(Boolean).map((pair) => {
    const [key = '', value = ''] = pair.split(/=(.*)/s, 2);
    const capture = ID_KEY.test(decodeURIComponent(key)) ? captureFor(captures, decodeURIComponent(value)) : undefined;
    if (!capture) return pair;
    const token = `\uE000${swaps.size}\uE000`;
    swaps.set(token, capture.variable);
    return `${key}=${token}`;
  });
  return { text: segments.join('/') + (query === undefined ? '' : `?${params.join('&')}`), swaps };
}

/**
 * A JSON body as a single-quoted shell word in which id-like fields (`id`, `petId`, `owner_id`)
 * holding a captured value read the variable instead: `'{"petId":'"$ID_2"',"quantity":1}'`.
 */
export function bodyWithCaptures(body: unknown, captures: readonly Capture[], quote: (text: string) => string): string {
  const pieces: string[] = [];
  const marked = JSON.stringify(body, (key, value: unknown) => {
    if (!ID_KEY.test(key) || !scalar(value)) return value;
    const capture = captureFor(captures, String(value));
    if (!capture) return value;
    pieces.push(typeof value === 'number' ? `"$${capture.variable}"` : `'"'"$${capture.variable}"'"'`);
    return `\uE000${pieces.length - 1}\uE000`;
  });
  const parts = marked.split(/"\uE000(\d+)\uE000"/);
  return parts.map((part, i) => (i % 2 === 0 ? (part === '' ? '' : quote(part)) : pieces[Number(part)]!)).join('');
}
