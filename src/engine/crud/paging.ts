import type { Parameter, Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { CURSOR_NAMES, LIMIT_NAMES, OFFSET_NAMES, PAGE_NAMES } from '../../spec/paging-parameters.js';

/** How a list operation pages, read from the query parameters it documents. */
export interface Paging {
  limitParam?: string;
  offsetParam?: string;
  /** A page number parameter and the number of its first page (1 unless its minimum is 0). */
  pageParam?: string;
  firstPage: number;
  cursorParam?: string;
  /** Records per page when the client names none; Infinity when the operation does not page. */
  defaultLimit: number;
}

const DEFAULT_PAGE_SIZE = 20;

export function pagingOf(operation: Operation): Paging {
  const query = operation.parameters.filter((p) => p.in === 'query');
  const find = (names: readonly string[]) => query.find((p) => names.includes(p.name.toLowerCase()));
  const limit = find(LIMIT_NAMES);
  const page = find(PAGE_NAMES);
  const paging: Paging = { firstPage: 1, defaultLimit: Infinity };
  if (limit) paging.limitParam = limit.name;
  const offset = find(OFFSET_NAMES);
  if (offset) paging.offsetParam = offset.name;
  if (page) {
    paging.pageParam = page.name;
    paging.firstPage = (page.schema as Schema | undefined)?.minimum === 0 ? 0 : 1;
  }
  const cursor = find(CURSOR_NAMES);
  if (cursor) paging.cursorParam = cursor.name;
  if (limit || page || cursor) paging.defaultLimit = defaultOf(limit) ?? DEFAULT_PAGE_SIZE;
  return paging;
}

function defaultOf(param: Parameter | undefined): number | undefined {
  const schema = param?.schema as Schema | undefined;
  if (typeof schema?.default === 'number') return schema.default;
  if (typeof schema?.maximum === 'number') return Math.min(schema.maximum, DEFAULT_PAGE_SIZE);
  return undefined;
}

/** The window of records a request asks for (its query validated and converted). */
export function windowOf(paging: Paging, query: Record<string, unknown>): { offset: number; limit: number; page: number } {
  const asked = paging.limitParam === undefined ? undefined : query[paging.limitParam];
  const limit = typeof asked === 'number' && asked > 0 ? asked : paging.defaultLimit;
  let offset = 0;
  let page = paging.firstPage;
  if (paging.offsetParam !== undefined && typeof query[paging.offsetParam] === 'number') offset = Math.max(0, query[paging.offsetParam] as number);
  else if (paging.pageParam !== undefined && typeof query[paging.pageParam] === 'number') {
    page = query[paging.pageParam] as number;
    offset = Number.isFinite(limit) ? Math.max(0, page - paging.firstPage) * limit : 0;
  } else if (paging.cursorParam !== undefined && typeof query[paging.cursorParam] === 'string') offset = offsetOfCursor(query[paging.cursorParam] as string);
  return { offset, limit, page };
}

/** Cursors are opaque to clients; this one encodes where the next page starts. */
export function cursorAt(offset: number): string {
  return base64url(`o:${offset}`);
}

function offsetOfCursor(cursor: string): number {
  const match = /^o:(\d{1,9})$/.exec(fromBase64url(cursor));
  return match ? Number(match[1]) : 0;
}

/**
 * RFC 8288 `Link` with `next` and `prev` where they exist, in the operation's own paging style;
 * the request's known query parameters (filters, page size) are kept.
 */
export function pageLinks(path: string, query: Record<string, unknown>, paging: Paging, offset: number, limit: number, total: number): string | undefined {
  if (!Number.isFinite(limit)) return undefined;
  const at = (start: number, rel: string) => {
    const q = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined || name === paging.offsetParam || name === paging.pageParam || name === paging.cursorParam) continue;
      for (const v of Array.isArray(value) ? value : [value]) q.append(name, String(v));
    }
    if (paging.offsetParam !== undefined) q.set(paging.offsetParam, String(start));
    else if (paging.pageParam !== undefined) q.set(paging.pageParam, String(paging.firstPage + Math.floor(start / limit)));
    else if (paging.cursorParam !== undefined) q.set(paging.cursorParam, cursorAt(start));
    else return undefined;
    return `<${path}?${q.toString()}>; rel="${rel}"`;
  };
  const links = [offset + limit < total ? at(offset + limit, 'next') : undefined, offset > 0 ? at(Math.max(0, offset - limit), 'prev') : undefined].filter((l) => l !== undefined);
  return links.length > 0 ? links.join(', ') : undefined;
}

// Not Buffer (the engine runs in browsers too); cursors hold ASCII only, so btoa/atob suffice.
function base64url(ascii: string): string {
  return btoa(ascii).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Like Buffer's base64url reading: anything undecodable gives text that matches no cursor. */
function fromBase64url(text: string): string {
  try {
    const clean = text.replace(/-/g, '+').replace(/_/g, '/').replace(/[^A-Za-z0-9+/]/g, '');
    return atob(clean.padEnd(Math.ceil(clean.length / 4) * 4, '='));
  } catch {
    return '';
  }
}
