import type { ManualClock } from '../../src/core/clock.js';
import type { FetchFunction } from '../../src/contract/transport.js';

export interface FakeApiDefects {
  /** DELETE answers 204 and keeps the record. */
  deleteDoesNothing?: boolean;
  /** Answer 429 (Retry-After in seconds) to the first request for these `METHOD /path`s. */
  limitOnce?: Record<string, number>;
}

/**
 * An in-memory, conforming implementation of the category operations of spec/petstore.yaml, as a
 * fetch function: enough for the engine's unit tests (fixtures, cleanup, state, politeness)
 * without a server. Keys: `rw` read-write, `ro` read-only.
 */
export function createFakeCategoriesApi(clock: ManualClock, defects: FakeApiDefects = {}) {
  const store = new Map<number, Record<string, unknown>>();
  const log: string[] = [];
  let nextId = 1;
  let used = 0;
  const limitOnce = new Map(Object.entries(defects.limitOnce ?? {}));

  const fetch: FetchFunction = async (input, init) => {
    const url = new URL(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    log.push(`${method} ${url.pathname}${url.search}`);
    const now = clock.now();
    const reset = Math.floor(now / 60_000) * 60 + 60;
    const rate = (remaining: number): Record<string, string> => ({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
      ratelimit: `"minute";r=${remaining};t=${Math.ceil(reset - now / 1000)}`,
      'ratelimit-policy': '"minute";q=5000;w=60, "day";q=1000000;w=86400',
      date: new Date(now).toUTCString(),
    });
    const answer = (status: number, body?: unknown, extra: Record<string, string> = {}) => {
      const h = { ...rate(5000 - used), ...extra };
      if (body !== undefined) h['content-type'] = 'application/json; charset=utf-8';
      return new Response(body === undefined || method === 'HEAD' ? null : JSON.stringify(body), { status, headers: h });
    };
    const error = (status: number, code: string, extra: Record<string, string> = {}) => answer(status, { code, message: code, status }, extra);

    const limited = limitOnce.get(`${method} ${url.pathname}`);
    if (limited !== undefined) {
      limitOnce.delete(`${method} ${url.pathname}`);
      return answer(429, { code: 'rate_limit_exceeded', message: 'slow down', status: 429 }, { ...rate(0), 'retry-after': String(limited), 'x-ratelimit-reset': String(Math.ceil(now / 1000) + limited), ratelimit: `"minute";r=0;t=${limited}` });
    }
    const key = headers.get('x-api-key');
    if (key !== 'rw' && key !== 'ro') return error(401, 'unauthorized', { 'www-authenticate': 'ApiKey header="X-API-Key"' });
    used += 1;
    const item = /^\/categories\/([^/]+)$/.exec(url.pathname);
    if (url.pathname !== '/categories' && !item) return error(404, 'not_found');
    const allowed = item ? ['GET', 'PUT', 'DELETE'] : ['GET', 'POST'];
    if (!allowed.includes(method)) return error(405, 'method_not_allowed', { allow: allowed.join(', ') });
    if (method !== 'GET' && key === 'ro') return error(403, 'forbidden');
    if ((method === 'POST' || method === 'PUT') && !(headers.get('content-type') ?? '').startsWith('application/json')) return error(415, 'unsupported_media_type');
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;

    if (!item) {
      if (method === 'GET') {
        const limit = url.searchParams.get('limit');
        if (limit !== null && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 100)) return error(400, 'validation_failed');
        return answer(200, [...store.values()], { 'x-total-count': String(store.size) });
      }
      if (!validCategory(body)) return error(400, 'validation_failed');
      const id = nextId++;
      store.set(id, { id, ...(body as object) });
      return answer(201, store.get(id), { location: `/categories/${id}` });
    }
    if (!/^\d+$/.test(item[1]!) || Number(item[1]) < 1) return error(400, 'validation_failed');
    const id = Number(item[1]);
    if (method === 'PUT' && !validCategory(body)) return error(400, 'validation_failed');
    const record = store.get(id);
    if (!record) return error(404, 'not_found');
    if (method === 'GET') return answer(200, record);
    if (method === 'PUT') {
      store.set(id, { id, ...(body as object) });
      return answer(200, store.get(id));
    }
    if (!defects.deleteDoesNothing) store.delete(id);
    return answer(204);
  };
  return { fetch, store, log };
}

function validCategory(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const { name, description, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return false;
  if (typeof name !== 'string' || name.length < 1 || name.length > 100) return false;
  return description === undefined || (typeof description === 'string' && description.length <= 500);
}

export const CATEGORY_OPERATIONS = ['listCategories', 'createCategory', 'getCategoryById', 'replaceCategory', 'deleteCategory'];
