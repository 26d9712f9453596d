import type { Defect, ProxyRequest, ProxyResponse } from './defect-proxy.js';

/** A defect only the deep phases are built to find, and the run that meets it. */
export interface DeepDefect extends Defect {
  run: { phases: string[]; operations: string[] };
}

const pathOf = (req: ProxyRequest) => req.path.split('?')[0]!;
const queryOf = (req: ProxyRequest) => new URLSearchParams(req.path.split('?')[1] ?? '');
const withQuery = (req: ProxyRequest, query: URLSearchParams): ProxyRequest => ({ ...req, path: `${pathOf(req)}?${query.toString()}` });
const isList = (req: ProxyRequest, path: string) => req.method === 'GET' && pathOf(req) === path;
const item = (req: ProxyRequest, path: string) => new RegExp(`^${path}/(\\d+)$`).exec(pathOf(req))?.[1];
const json = (r: ProxyResponse) => JSON.parse(r.body) as unknown;
const body = (r: ProxyResponse, value: unknown): ProxyResponse => ({ ...r, body: JSON.stringify(value) });
const header = (r: ProxyResponse, name: string, value: string): ProxyResponse => ({ ...r, headers: { ...r.headers, [name]: value } });
const internalError = (r: ProxyResponse): ProxyResponse => ({ status: 500, headers: { ...r.headers, 'content-type': 'application/json' }, body: JSON.stringify({ code: 'internal_error', message: 'boom', status: 500 }) });
const FILTERS = ['status', 'categoryId', 'name', 'id'];

/** Moves every Link rel="next" offset by `by` (a skipped or repeated record). */
function shiftNext(r: ProxyResponse, by: number): ProxyResponse {
  const link = r.headers['link'];
  if (!link) return r;
  return header(r, 'link', link.replace(/<([^>]*)>;\s*rel="next"/, (_m, url: string) => `<${url.replace(/offset=(\d+)/, (_o, n: string) => `offset=${Math.max(0, Number(n) + by)}`)}>; rel="next"`));
}

/** State a defect keeps between requests (the id last deleted, records deleted), fresh per defect run. */
const memory = { lastDeletedId: undefined as string | undefined, deleted: [] as { id: number }[] };
export function resetDeepDefectMemory(): void {
  memory.lastDeletedId = undefined;
  memory.deleted = [];
}

/** GET /categories as a server that keeps deleted records in its lists would answer: pages, Link and total all agree. */
async function listWithDeleted(req: ProxyRequest, forward: (request: ProxyRequest) => Promise<ProxyResponse>): Promise<ProxyResponse> {
  const query = queryOf(req);
  const limit = Number(query.get('limit') ?? 20);
  const offset = Number(query.get('offset') ?? 0);
  const all = await forward({ ...req, path: '/categories?limit=100' });
  if (all.status !== 200) return all;
  const rows = [...(json(all) as { id: number }[]), ...memory.deleted].sort((a, b) => a.id - b.id);
  const page = rows.slice(offset, offset + limit);
  const headers: Record<string, string> = { ...all.headers, 'x-total-count': String(rows.length) };
  delete headers['link'];
  if (offset + limit < rows.length) headers['link'] = `</categories?limit=${limit}&offset=${offset + limit}>; rel="next"`;
  return { ...all, headers, body: JSON.stringify(page) };
}

const pets = (phases: string[]) => ({ phases, operations: ['createPet'] });
const categories = (phases: string[], operations = ['createCategory']) => ({ phases, operations });

export const DEEP_DEFECTS: readonly DeepDefect[] = [
  {
    name: 'boundary-500-at-maxLength', caughtBy: 'not_a_server_error', description: 'a pet name of exactly 100 characters gets a 500', run: { phases: ['boundary'], operations: ['createPet'] },
    onRequest: (req) => (req.method === 'POST' && pathOf(req) === '/pets' && (JSON.parse(req.body || '{}') as { name?: string }).name?.length === 100 ? internalError({ status: 500, headers: {}, body: '' }) : req),
  },
  {
    name: 'one-past-bound-accepted', caughtBy: 'negative_data_rejection', description: 'a category name of 101 characters is cut to 100 and accepted', run: { phases: ['boundary'], operations: ['createCategory'] },
    onRequest: (req) => {
      if (req.method !== 'POST' || pathOf(req) !== '/categories') return req;
      const sent = JSON.parse(req.body || '{}') as { name?: unknown };
      return typeof sent.name === 'string' && sent.name.length > 100 ? { ...req, body: JSON.stringify({ ...sent, name: sent.name.slice(0, 100) }) } : req;
    },
  },
  { name: 'total-count-off-by-one', caughtBy: 'list-total', description: 'X-Total-Count on GET /pets is one more than the records', run: pets(['stateful']), onResponse: (r, req) => (isList(req, '/pets') && r.headers['x-total-count'] ? header(r, 'x-total-count', String(Number(r.headers['x-total-count']) + 1)) : r) },
  {
    name: 'total-wrong-under-filter', caughtBy: 'list-total', description: 'X-Total-Count under a filter counts the unfiltered list', run: pets(['stateful']),
    onRequest: async (req, forward) => {
      if (!isList(req, '/pets') || !FILTERS.some((f) => queryOf(req).has(f))) return req;
      const [answer, all] = await Promise.all([forward(req), forward({ ...req, path: '/pets?limit=1' })]);
      return header(answer, 'x-total-count', all.headers['x-total-count'] ?? '0');
    },
  },
  {
    name: 'two-filters-ignore-one', caughtBy: 'list-filter', description: 'with two filters on GET /pets, the second is ignored', run: pets(['stateful']),
    onRequest: (req) => {
      if (!isList(req, '/pets')) return req;
      const query = queryOf(req);
      const present = FILTERS.filter((f) => query.has(f));
      if (present.length < 2) return req;
      query.delete(present[1]!);
      return withQuery(req, query);
    },
  },
  { name: 'status-filter-ignored', caughtBy: 'list-filter', description: 'GET /pets?status= ignores the status', run: pets(['stateful']), onRequest: (req) => (isList(req, '/pets') && queryOf(req).has('status') ? withQuery(req, (() => { const q = queryOf(req); q.delete('status'); return q; })()) : req) },
  { name: 'order-broken-past-first-page', caughtBy: 'list-order', description: 'pages after the first of GET /pets come in reverse order', run: pets(['stateful']), onResponse: (r, req) => (isList(req, '/pets') && Number(queryOf(req).get('offset') ?? 0) > 0 && r.status === 200 ? body(r, (json(r) as unknown[]).reverse()) : r) },
  { name: 'link-skips-a-record', caughtBy: 'list-link-walk', description: 'Link rel="next" of GET /pets starts one record late', run: pets(['stateful']), onResponse: (r, req) => (isList(req, '/pets') ? shiftNext(r, 1) : r) },
  { name: 'link-repeats-a-record', caughtBy: 'list-link-walk', description: 'Link rel="next" of GET /pets starts one record early', run: pets(['stateful']), onResponse: (r, req) => (isList(req, '/pets') ? shiftNext(r, -1) : r) },
  { name: 'limit-not-honoured', caughtBy: 'list-limit', description: 'GET /pets answers one record more than limit', run: pets(['stateful']), onRequest: (req) => (isList(req, '/pets') && queryOf(req).has('limit') ? withQuery(req, (() => { const q = queryOf(req); q.set('limit', String(Math.min(100, Number(q.get('limit')) + 1))); return q; })()) : req) },
  {
    name: 'deleted-but-listed', caughtBy: 'state-deleted-listed', description: 'a deleted category reads 404 but stays in GET /categories', run: categories(['stateful']),
    onRequest: async (req, forward) => {
      const id = item(req, '/categories');
      if (req.method === 'DELETE' && id) {
        const before = await forward({ ...req, method: 'GET', body: '' });
        const answer = await forward(req);
        if (answer.status === 204 && before.status === 200) memory.deleted.push(json(before) as { id: number });
        return answer;
      }
      return isList(req, '/categories') ? listWithDeleted(req, forward) : req;
    },
  },
  {
    name: 'patch-clears-other-fields', caughtBy: 'update-scope', description: 'PATCH /pets/{id} without a name resets the name', run: pets(['stateful']),
    onRequest: (req) => {
      if (req.method !== 'PATCH' || !item(req, '/pets')) return req;
      const sent = JSON.parse(req.body || '{}') as Record<string, unknown>;
      return 'name' in sent ? req : { ...req, body: JSON.stringify({ ...sent, name: 'unnamed' }) };
    },
  },
  {
    name: 'ids-reused', caughtBy: 'use_after_free', description: 'POST /categories answers with the id of the category last deleted', run: categories(['stateful']),
    onResponse: (r, req) => {
      const id = item(req, '/categories');
      if (req.method === 'DELETE' && id && r.status === 204) memory.lastDeletedId = id;
      if (req.method !== 'POST' || pathOf(req) !== '/categories' || r.status !== 201 || !memory.lastDeletedId) return r;
      const reused = Number(memory.lastDeletedId);
      return header(body(r, { ...(json(r) as object), id: reused }), 'location', `/categories/${reused}`);
    },
  },
  {
    name: 'server-error-on-a-space', caughtBy: 'not_a_server_error', description: 'POST /categories answers 500 when the name holds a space', run: categories(['fuzz']),
    onRequest: (req) => (req.method === 'POST' && pathOf(req) === '/categories' && /\s/.test(String((JSON.parse(req.body || '{}') as { name?: unknown }).name ?? '')) ? internalError({ status: 500, headers: {}, body: '' }) : req),
  },
  {
    name: 'refused-update-still-applied', caughtBy: 'state-unchanged', description: 'PUT /categories/{id} with an unknown field answers 400 but applies the rest', run: categories(['fuzz'], ['replaceCategory']),
    onRequest: async (req, forward) => {
      if (req.method !== 'PUT' || !item(req, '/categories')) return req;
      const sent = JSON.parse(req.body || '{}') as Record<string, unknown>;
      if (!('unexpectedField' in sent)) return req;
      const { unexpectedField: _dropped, ...rest } = sent;
      const applied = await forward({ ...req, body: JSON.stringify(rest) });
      return { status: 400, headers: { ...applied.headers, 'content-type': 'application/json' }, body: JSON.stringify({ code: 'validation_failed', message: 'unknown field', status: 400 }) };
    },
  },
  {
    name: 'put-drops-a-field', caughtBy: 'state-updated', description: 'PUT /pets/{id} ignores the status it is given', run: pets(['stateful']),
    onRequest: (req) => {
      if (req.method !== 'PUT' || !item(req, '/pets')) return req;
      const { status: _ignored, ...rest } = JSON.parse(req.body || '{}') as Record<string, unknown>;
      return { ...req, body: JSON.stringify(rest) };
    },
  },
  {
    name: 'stock-not-given-back', caughtBy: 'stock-model', description: 'DELETE of an open order keeps its stock taken', run: { phases: ['stateful'], operations: ['placeOrder'] },
    onRequest: async (req, forward) => {
      const id = item(req, '/store/orders');
      if (req.method !== 'DELETE' || !id) return req;
      const order = await forward({ ...req, method: 'GET', body: '' });
      if (order.status !== 200) return req;
      const petId = (json(order) as { petId: number }).petId;
      const before = await forward({ ...req, method: 'GET', path: `/store/inventory/${petId}`, body: '' });
      const answer = await forward(req);
      if (answer.status === 204 && before.status === 200) {
        await forward({ ...req, method: 'PUT', path: `/store/inventory/${petId}`, headers: { ...req.headers, 'content-type': 'application/json' }, body: JSON.stringify({ quantity: (json(before) as { quantity: number }).quantity }) });
      }
      return answer;
    },
  },
  {
    name: 'inventory-status-out-of-sync', caughtBy: 'inventory-status', description: "GET /store/inventory/{petId} always says 'available'", run: { phases: ['stateful'], operations: ['placeOrder'] },
    onResponse: (r, req) => (req.method === 'GET' && item(req, '/store/inventory') && r.status === 200 ? body(r, { ...(json(r) as object), status: 'available' }) : r),
  },
];
