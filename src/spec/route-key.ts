import type { Parameter } from './openapi.js';

/**
 * A condition besides the path that picks an operation: a query parameter or a header, with the
 * value it must have, or only present when the key names no value.
 */
export interface RouteDiscriminator {
  in: 'query' | 'header';
  name: string;
  value: string | undefined;
}

/**
 * The route a path key names. OpenAPI keys paths by the path alone, so documents of APIs that
 * tell operations apart by a header or a query parameter (AWS: `X-Amz-Target`, `Action`) write
 * the discriminator into the key after a fragment or a query mark: `/#X-Amz-Target=Svc.Op`,
 * `/?Action=Describe`, `/tags/{arn}#tagKeys`, `/webhdfs/v1/{path}#op=OPEN`. The path is what
 * comes before; each `name[=value]` after it is matched against the operation's parameters of
 * that name (a header parameter makes it a header, anything else a query parameter). The mock
 * routes by it and the runner sends it: one rule, read here (decision 056).
 */
export function routeOf(key: string, parameters: readonly Parameter[]): { path: string; discriminators: RouteDiscriminator[] } {
  const mark = key.search(/[#?]/);
  if (mark === -1) return { path: key, discriminators: [] };
  const path = key.slice(0, mark) || '/';
  const discriminators: RouteDiscriminator[] = [];
  for (const part of key.slice(mark + 1).split(/[&#?]/)) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = decode(equals === -1 ? part : part.slice(0, equals));
    const value = equals === -1 ? undefined : decode(part.slice(equals + 1));
    const header = parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());
    discriminators.push({ in: header ? 'header' : 'query', name, value });
  }
  return { path, discriminators };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether a request meets every discriminator: its query string (without `?`) and lower-cased headers. */
export function meetsDiscriminators(
  discriminators: readonly RouteDiscriminator[],
  query: URLSearchParams,
  headers: Readonly<Record<string, string | string[] | undefined>>,
): boolean {
  return discriminators.every((d) => {
    const raw = d.in === 'header' ? headers[d.name.toLowerCase()] : query.getAll(d.name);
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    return d.value === undefined ? values.length > 0 : values.includes(d.value);
  });
}
