import type { Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { LIMIT_NAMES, PAGE_NAMES } from '../../spec/paging-parameters.js';
import { listItemsOf } from '../listed-ids.js';

/** How a list operation says it pages, read from the query parameters it documents. */
export interface ListPaging {
  /** The page-size parameter (`limit`, `per_page`, json-server's `_limit`) and its bounds. */
  limit?: { name: string; min: number; max: number };
  /** The page-number parameter (`page`, `_page`) and its first page. */
  page?: { name: string; first: number };
  /** The envelope property holding the records (`data` of `{data: [...], total}`); none for a plain array. */
  envelope?: string;
}


/** `_limit` and `$page` name what `limit` and `page` do (json-server, some OData-style APIs). */
const bare = (name: string) => name.toLowerCase().replace(/^[_$]/, '');

/**
 * The paging parameters a list documents. The runner sends only these: a server that does not
 * know `limit` ignores it, and a page larger than a limit nobody documented is no defect.
 */
export function listPaging(list: Operation | undefined): ListPaging {
  const query = (list?.parameters ?? []).filter((p) => p.in === 'query');
  // A page number or size is one value: a `page` object (`page[number]`, deepObject) is not paged by `page=1`.
  const find = (names: readonly string[]) => query.find((p) => names.includes(bare(p.name)) && isScalar(p.schema as Schema | undefined));
  const paging: ListPaging = {};
  const limit = find(LIMIT_NAMES);
  if (limit) {
    const schema = (limit.schema ?? {}) as Schema;
    paging.limit = { name: limit.name, min: Math.max(1, schema.minimum ?? 1), max: schema.maximum ?? 100 };
  }
  const page = find(PAGE_NAMES);
  if (page) paging.page = { name: page.name, first: (page.schema as Schema | undefined)?.minimum === 0 ? 0 : 1 };
  const at = list ? listItemsOf(list)?.at : undefined;
  if (at) paging.envelope = at.slice(1);
  return paging;
}

function isScalar(schema: Schema | undefined): boolean {
  return schema?.type !== 'object' && schema?.type !== 'array';
}

/**
 * The query of a list's first page of `size` records: the documented page size, and the first
 * page named outright where the document has a page number (json-server sends `Link` only then).
 */
export function firstPageQuery(paging: ListPaging, size: number): Record<string, string> {
  const query: Record<string, string> = {};
  if (paging.limit) query[paging.limit.name] = String(size);
  if (paging.page) query[paging.page.name] = String(paging.page.first);
  return query;
}
