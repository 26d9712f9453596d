/**
 * The names a list's query parameters page by (lower-cased), one list for the mock
 * (src/engine/crud/paging.ts) and the runner (src/contract/phases/list-paging.ts).
 */
export const LIMIT_NAMES = ['limit', 'per_page', 'perpage', 'page_size', 'pagesize', 'size', 'max_results', 'maxresults'] as const;
export const OFFSET_NAMES = ['offset', 'skip', 'start'] as const;
export const PAGE_NAMES = ['page', 'page_number', 'pagenumber'] as const;
export const CURSOR_NAMES = ['cursor', 'after', 'page_token', 'pagetoken', 'next_token', 'starting_after'] as const;
