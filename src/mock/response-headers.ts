import type { Operation } from '../spec/operation-index.js';

/**
 * `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and the successor `Link` of a deprecated
 * operation, read from its `x-deprecated-at`, `x-sunset` and `x-successor`.
 */
export function deprecationHeaders(operation: Operation, params: Readonly<Record<string, string>>): Record<string, string> {
  let build = builders.get(operation);
  if (!build) builders.set(operation, (build = compileDeprecationHeaders(operation)));
  return build(params);
}

type HeaderBuilder = (params: Readonly<Record<string, string>>) => Record<string, string>;
const builders = new WeakMap<Operation, HeaderBuilder>();

/** Formats, once per operation, what does not depend on the request; the successor's template is split once too. */
function compileDeprecationHeaders(operation: Operation): HeaderBuilder {
  const deprecation = operation.deprecatedAt ? `@${Math.floor(Date.parse(operation.deprecatedAt) / 1000)}` : undefined;
  const sunset = operation.sunset ? new Date(Date.parse(operation.sunset)).toUTCString() : undefined;
  // '/things?id={thingId}' -> ['/things?id=', 'thingId', ''] : literals at even indexes, parameter names at odd ones.
  const parts = operation.successor?.split(/\{([^}]+)\}/);
  return (params) => {
    const headers: Record<string, string> = {};
    if (deprecation) headers.Deprecation = deprecation;
    if (sunset) headers.Sunset = sunset;
    if (parts) {
      let target = '';
      for (let i = 0; i < parts.length; i++) target += i % 2 === 0 ? parts[i] : (params[parts[i]!] ?? '');
      headers.Link = `<${target}>; rel="successor-version"`;
    }
    return headers;
  };
}

/**
 * RFC 8288 `Link` with `next` / `prev` where they exist, keeping the request's known query
 * parameters (filters and `limit`); unknown ones (cache-busters) are left out.
 */
export function paginationLink(
  path: string,
  rawQuery: string,
  known: readonly string[],
  page: { total: number; limit: number; offset: number },
): string | undefined {
  const hasNext = page.offset + page.limit < page.total;
  const hasPrev = page.offset > 0;
  if (!hasNext && !hasPrev) return undefined;
  const base = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    if (known.includes(name) && name !== 'limit' && name !== 'offset') base.append(name, value);
  }
  base.set('limit', String(page.limit));
  const link = (offset: number, rel: string) => {
    const q = new URLSearchParams(base);
    q.set('offset', String(offset));
    return `<${path}?${q.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (hasNext) links.push(link(page.offset + page.limit, 'next'));
  if (hasPrev) links.push(link(Math.max(0, page.offset - page.limit), 'prev'));
  return links.join(', ');
}

let cachedSecond = Number.NaN;
let cachedDate = '';

/**
 * The `Date` header by the session's clock (RFC 9110 section 6.6.1: the origin server's clock), so
 * that it agrees with `X-RateLimit-Reset` and the sunset after `/__admin/clock` moves time.
 * Formatted once per second, as Node does for its own `Date`.
 */
export function httpDate(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== cachedSecond) {
    cachedSecond = second;
    cachedDate = new Date(second * 1000).toUTCString();
  }
  return cachedDate;
}
