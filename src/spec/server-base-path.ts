import type { Document } from './openapi.js';

/**
 * The document's server path (INTERFACE sections 15 and 16): the path of its first `servers` URL,
 * variables at their defaults, without a trailing slash (a Swagger 2.0 `basePath` becomes that URL
 * when it is converted). `''` when it names none, or a path still holding a template.
 * `https://api.example.com/v1/` -> `/v1`; `/api/v1` -> `/api/v1`; `http://127.0.0.1:4010` -> ``.
 */
export function serverBasePath(document: Pick<Document, 'servers'>): string {
  const server = document.servers?.[0] as { url?: unknown; variables?: Record<string, { default?: unknown } | undefined> } | undefined;
  if (typeof server?.url !== 'string') return '';
  const url = server.url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const value = server.variables?.[name]?.default;
    return typeof value === 'string' ? value : whole;
  });
  let path: string;
  try {
    path = new URL(url, 'http://server.invalid/').pathname;
  } catch {
    return '';
  }
  if (/[{}]|%7B|%7D/i.test(path)) return '';
  return path.replace(/\/+$/, '');
}

/**
 * A request path read from under the server path: the path below it, when the path as given
 * routes nowhere and the path below it does (the document's own paths win at the root).
 */
export function belowServerPath(path: string, basePath: string, routes: (path: string) => boolean): string | undefined {
  if (basePath === '' || !(path === basePath || path.startsWith(`${basePath}/`))) return undefined;
  if (routes(path)) return undefined;
  const below = path.slice(basePath.length) || '/';
  return routes(below) ? below : undefined;
}

/**
 * The base URL a client sends to (INTERFACE section 16): `baseUrl` with the server path added,
 * unless its path already ends with it. `http://127.0.0.1:4010` + `/api/v1` -> `http://127.0.0.1:4010/api/v1`.
 */
export function withServerPath(baseUrl: string, basePath: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  if (basePath === '') return trimmed;
  const path = new URL(trimmed).pathname.replace(/\/+$/, '');
  return path.endsWith(basePath) ? trimmed : `${trimmed}${basePath}`;
}
