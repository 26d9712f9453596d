import type { Schema } from '../../spec/openapi.js';
import type { CaseRun } from '../case-run.js';
import type { Exchange, Failure } from '../events.js';
import type { Resource } from '../resources.js';
import { firstPageQuery, type ListPaging } from './list-paging.js';

export type Row = Record<string, unknown>;

export interface Walk {
  rows: Row[];
  /** X-Total-Count of the first page, when sent. */
  total: number | undefined;
  pages: number;
  /** Whether any page offered a `Link` header: without one the list cannot be walked past its first page. */
  linked: boolean;
  /**
   * Whether the walk saw the whole list: it followed `Link` to the end, or its last page was not
   * full, or (for a list with no page size) no `X-Total-Count` counts more. A staging server's list
   * of 500 records, paged by `page` without `Link`, shows the walk its first page only: a record
   * missing from it is no defect.
   */
  complete: boolean;
}

const MAX_PAGES = 200;

/** The first `rel="next"` target of a Link header. */
export function nextLink(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>\s*;(.*)$/.exec(part.trim());
    if (match && /rel="?([^";]*\s)?next(\s[^";]*)?"?/.test(match[2]!)) return match[1];
  }
  return undefined;
}

/**
 * GETs a list with a query and pages of `limit` records (where the document has a page size),
 * then follows `Link rel="next"` page by page; every page is checked against `limit`.
 */
export async function walkList(run: CaseRun, collection: string, query: Record<string, unknown>, paging: ListPaging, limit: number, failures: Failure[], maxPages = MAX_PAGES): Promise<Walk | undefined> {
  const url = new URL(collection);
  for (const [name, value] of Object.entries(query)) for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  for (const [name, value] of Object.entries(firstPageQuery(paging, limit))) url.searchParams.set(name, value);
  const rows: Row[] = [];
  let next: string | undefined = url.toString();
  let first: Exchange | undefined;
  let pages = 0;
  let linked = false;
  let last: Row[] = [];
  while (next !== undefined && pages < maxPages) {
    const exchange = await run.get(next);
    const page = exchange?.response.status === 200 ? rowsOf(exchange.response.body, paging.envelope) : undefined;
    if (!exchange || !page) return undefined;
    first ??= exchange;
    pages += 1;
    last = page;
    if (paging.limit && page.length > limit) failures.push({ check: 'list-limit', message: `a page of ${describe(query)} with ${paging.limit.name}=${limit} held ${page.length} records`, expected: `<= ${limit}`, actual: String(page.length), location: exchange.request.url });
    rows.push(...page);
    linked ||= exchange.response.headers['link'] !== undefined;
    const link = nextLink(exchange.response.headers['link']);
    next = link === undefined ? undefined : new URL(link, next).toString();
  }
  const header = first?.response.headers['x-total-count'];
  const total = header === undefined ? undefined : Number(header);
  const complete = linked ? next === undefined : paging.limit ? last.length < limit : total === undefined || total <= rows.length;
  return { rows, total, pages, linked, complete };
}

/** The records of one page: the body when it is an array, else the envelope's array property. */
function rowsOf(body: unknown, envelope: string | undefined): Row[] | undefined {
  if (envelope === undefined) return Array.isArray(body) ? (body as Row[]) : undefined;
  const rows = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>)[envelope] : undefined;
  return Array.isArray(rows) ? (rows as Row[]) : undefined;
}

export function describe(query: Record<string, unknown>): string {
  const shown = Object.entries(query).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('&' + k + '=') : String(v)}`);
  return shown.length === 0 ? 'the unfiltered list' : `the list filtered by ${shown.join('&')}`;
}

/** A listed record's key by default: its `id`. */
const byId = (row: Row): unknown => row['id'];

/**
 * A list checked as a list: walked whole with the largest page (`all`) and again by `Link`
 * with small pages (`paged`), the two must hold the same records, each once, in one order, and
 * `X-Total-Count` must count them.
 */
export function checkWalks(query: Record<string, unknown>, all: Walk, paged: Walk, failures: Failure[], keyOf: (row: Row) => unknown = byId, idOrder = true): void {
  const idOf = (row: Row) => String(keyOf(row));
  const what = describe(query);
  if (all.complete && all.total !== undefined && all.total !== all.rows.length) {
    failures.push({ check: 'list-total', message: `X-Total-Count of ${what} does not count its records`, expected: String(all.rows.length), actual: String(all.total), location: 'header X-Total-Count' });
  }
  const seen = new Set<string>();
  // A record with no key cannot be told from another of the same content (swaggerhub's `{}` rows): not a repeat.
  const keyed = (row: Row) => keyOf(row) !== undefined;
  for (const row of paged.rows.filter(keyed)) {
    if (seen.has(idOf(row))) failures.push({ check: 'list-link-walk', message: `walking Link rel="next" through ${what} gave record ${idOf(row)} twice`, location: 'header Link' });
    seen.add(idOf(row));
  }
  // A list that pages by `limit` alone, with no Link, has nothing to walk past its first page.
  const missing = paged.linked || all.linked ? all.rows.filter(keyed).map(idOf).filter((id) => !seen.has(id)) : [];
  if (missing.length > 0) failures.push({ check: 'list-link-walk', message: `walking Link rel="next" through ${what} (${paged.pages} pages) skipped record(s) ${missing.slice(0, 5).join(', ')}`, expected: `${all.rows.length} records`, actual: `${seen.size}`, location: 'header Link' });
  // A list need not be in id order (idOrder: false where the document does not say it is); it must keep one order across pages.
  const broken = (idOrder ? orderBreak(paged.rows, keyOf) : undefined) ?? orderDifference(all.rows, paged.rows, idOf);
  if (broken) failures.push({ check: 'list-order', message: `${what} is not in one order across pages: ${broken}`, location: 'body' });
}

/**
 * Where a sequence of numeric ids stops following the order its first two distinct ids set, if it
 * does. Ids that are not all numbers (uuids, random strings) say nothing of the order a list keeps:
 * such a list is compared with itself instead (orderDifference).
 */
function orderBreak(rows: readonly Row[], keyOf: (row: Row) => unknown): string | undefined {
  const ids = rows.map(keyOf);
  if (!ids.every((id) => typeof id === 'number')) return undefined;
  const compare = (a: unknown, b: unknown) => (a as number) - (b as number);
  let direction = 0;
  for (let i = 1; i < ids.length; i += 1) {
    const step = Math.sign(compare(ids[i], ids[i - 1]));
    if (step === 0) continue;
    if (direction === 0) direction = step;
    else if (step !== direction) return `id ${String(ids[i])} follows ${String(ids[i - 1])} (record ${i + 1})`;
  }
  return undefined;
}

/** Where walking the list page by page gave the records it holds in another order than one large page did. */
function orderDifference(whole: readonly Row[], paged: readonly Row[], idOf: (row: Row) => string): string | undefined {
  const inPaged = new Set(paged.map(idOf));
  const expected = [...new Set(whole.map(idOf))].filter((id) => inPaged.has(id));
  const known = new Set(expected);
  const got = [...new Set(paged.map(idOf))].filter((id) => known.has(id));
  const at = got.findIndex((id, i) => id !== expected[i]);
  return at === -1 ? undefined : `record ${got[at]} is at position ${at + 1} walking page by page, ${expected[at]} is there in one page`;
}

/** Query parameters that filter a list by a field of its records (`status`, `categoryId`), with the item schema's field. */
export function filterParameters(run: CaseRun, resource: Resource): { name: string; array: boolean; field: Schema }[] {
  const list = run.ctx.plan.index.operations.find((o) => o.method === 'get' && o.path === resource.collectionPath);
  const listItem = (list?.responses['200'] as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.['application/json']?.schema as { items?: Schema } | undefined;
  const item = list ? listItem?.items : undefined;
  const fields = item?.properties ?? {};
  return (list?.parameters ?? [])
    .filter((p) => p.in === 'query' && p.name in fields)
    .map((p) => ({ name: p.name, array: (p.schema as Schema | undefined)?.type === 'array', field: fields[p.name] as Schema }));
}

/** Whether a record matches a filter value: equal, or for free text a case-insensitive substring (`loose`). */
export function matches(row: Row, name: string, value: unknown, loose: boolean): boolean {
  const actual = row[name];
  const wanted = Array.isArray(value) ? value.map(String) : [String(value)];
  if (wanted.includes(String(actual))) return true;
  return loose && typeof actual === 'string' && wanted.some((w) => actual.toLowerCase().includes(w.toLowerCase()));
}
