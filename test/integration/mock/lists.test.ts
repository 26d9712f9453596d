import { describe, expect, it } from 'vitest';
import { useTestMock, sessionNames, type ApiResponse } from '../../helpers/mock-harness.js';

/* The four lists of INTERFACE.md section 2: plain arrays, limit/offset, X-Total-Count, Link, filters. */

const fresh = sessionNames('lists');
const LISTS = ['/pets', '/categories', '/store/orders', '/store/inventory'] as const;

const mock = useTestMock();

/** HEAD answers carry GET's headers and no body (the harness checks exactly that). */
const head = (path: string, session: string) => mock.request('HEAD', path, { session });

/** The RFC 8288 `Link` header as rel -> URL (relative to the mock). */
function links(res: ApiResponse): Record<string, URL> {
  const out: Record<string, URL> = {};
  const header = res.headers.link;
  if (!header) return out;
  for (const part of header.split(/,\s*(?=<)/)) {
    const m = /^<([^>]*)>\s*;\s*rel="([^"]+)"$/.exec(part.trim());
    expect(m, `Link part ${part}`).not.toBeNull();
    out[m![2]!] = new URL(m![1]!, 'http://mock.invalid');
  }
  return out;
}

const relative = (url: URL) => url.pathname + url.search;

/** Every record of a list, read in pages of 100. */
async function everything(session: string, list: string): Promise<{ id?: number; petId?: number }[]> {
  const all: { id?: number; petId?: number }[] = [];
  const sep = list.includes('?') ? '&' : '?';
  for (let offset = 0; ; offset += 100) {
    const res = await mock.request('GET', `${list}${sep}limit=100&offset=${offset}`, { session });
    expect(res.status).toBe(200);
    all.push(...res.body);
    if (res.body.length < 100) break;
  }
  return all;
}

const idOf = (r: { id?: number; petId?: number }) => (r.id ?? r.petId)!;

describe('pagination', () => {
  for (const list of LISTS) {
    it(`${list}: a plain array of 20 by default, ordered by id, with X-Total-Count`, async () => {
      const session = fresh();
      const all = await everything(session, list);
      const res = await mock.request('GET', list, { session });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.headers['x-total-count']).toBe(String(all.length));
      expect(res.body).toEqual(all.slice(0, 20));
      const ids = all.map(idOf);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    });

    it(`${list}: limit and offset pick a window, with next and prev links`, async () => {
      const session = fresh();
      const all = await everything(session, list);
      const res = await mock.request('GET', `${list}?limit=2&offset=2`, { session });
      expect(res.body).toEqual(all.slice(2, 4));
      expect(res.headers['x-total-count']).toBe(String(all.length));
      const rel = links(res);
      expect(Object.keys(rel).sort()).toEqual(['next', 'prev']);
      expect(rel.next!.pathname).toBe(list);
      expect(rel.next!.searchParams.get('limit')).toBe('2');
      expect(rel.next!.searchParams.get('offset')).toBe('4');
      expect(rel.prev!.searchParams.get('limit')).toBe('2');
      expect(rel.prev!.searchParams.get('offset')).toBe('0');
    });
  }

  it('sends only a next link on the first page and only a prev link on the last', async () => {
    const session = fresh();
    const first = await mock.request('GET', '/pets?limit=10', { session });
    expect(Object.keys(links(first))).toEqual(['next']);
    const total = Number(first.headers['x-total-count']);
    const last = await mock.request('GET', `/pets?limit=10&offset=${total - 3}`, { session });
    expect(last.body).toHaveLength(3);
    expect(Object.keys(links(last))).toEqual(['prev']);
    expect(links(last).prev!.searchParams.get('offset')).toBe(String(total - 13));
  });

  it('sends no Link when the whole list fits one page', async () => {
    const session = fresh();
    const res = await mock.request('GET', '/categories?limit=100', { session });
    expect(Number(res.headers['x-total-count'])).toBeLessThanOrEqual(100);
    expect(res.headers.link).toBeUndefined();
  });

  it('answers an empty array past the end, still counting every record', async () => {
    const session = fresh();
    const total = Number((await mock.request('GET', '/pets?limit=1', { session })).headers['x-total-count']);
    const res = await mock.request('GET', `/pets?offset=${total + 50}`, { session });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers['x-total-count']).toBe(String(total));
    expect(links(res).next).toBeUndefined();
  });

  it('accepts the bounds limit=1 and limit=100', async () => {
    const session = fresh();
    expect((await mock.request('GET', '/pets?limit=1', { session })).body).toHaveLength(1);
    const hundred = await mock.request('GET', '/pets?limit=100', { session });
    expect(hundred.body).toHaveLength(Math.min(100, Number(hundred.headers['x-total-count'])));
  });

  it('visits every record exactly once by following next links', async () => {
    const session = fresh();
    const all = await everything(session, '/pets');
    const seen: number[] = [];
    let next: string | undefined = '/pets?limit=7';
    let pages = 0;
    while (next && pages++ < 100) {
      const res = await mock.request('GET', next, { session });
      seen.push(...res.body.map(idOf));
      const rel = links(res).next;
      next = rel ? relative(rel) : undefined;
    }
    expect(seen).toEqual(all.map(idOf));
  });
});

describe('Link keeps the filters and the limit', () => {
  it('repeats every known filter in next and prev, and following them stays filtered', async () => {
    const session = fresh();
    const matching = await everything(session, '/pets?status=available&status=sold');
    expect(matching.length).toBeGreaterThan(6);
    const res = await mock.request('GET', '/pets?status=available&status=sold&limit=3&offset=3', { session });
    expect(res.headers['x-total-count']).toBe(String(matching.length));
    const rel = links(res);
    for (const url of [rel.next!, rel.prev!]) {
      expect(url.searchParams.getAll('status').sort()).toEqual(['available', 'sold']);
      expect(url.searchParams.get('limit')).toBe('3');
    }
    const next = await mock.request('GET', relative(rel.next!), { session });
    expect(next.body).toEqual(matching.slice(6, 9));
    const prev = await mock.request('GET', relative(rel.prev!), { session });
    expect(prev.body).toEqual(matching.slice(0, 3));
  });

  it('keeps the orders filters', async () => {
    const session = fresh();
    const open = await everything(session, '/store/orders?complete=false');
    expect(open.length).toBeGreaterThan(1);
    const res = await mock.request('GET', '/store/orders?complete=false&limit=1', { session });
    const next = links(res).next!;
    expect(next.searchParams.get('complete')).toBe('false');
    expect((await mock.request('GET', relative(next), { session })).body).toEqual(open.slice(1, 2));
  });

  it('keeps the inventory status filter', async () => {
    const session = fresh();
    const res = await mock.request('GET', '/store/inventory?status=available&limit=1', { session });
    expect(links(res).next!.searchParams.getAll('status')).toEqual(['available']);
  });
});

describe('unknown query parameters', () => {
  for (const list of LISTS) {
    it(`${list}: are ignored, like a cache-buster`, async () => {
      const session = fresh();
      const plain = await mock.request('GET', `${list}?limit=5`, { session });
      const busted = await mock.request('GET', `${list}?limit=5&_=1732269630000&utm_source=test&sort=desc`, { session });
      expect(busted.status).toBe(200);
      expect(busted.body).toEqual(plain.body);
      expect(busted.headers['x-total-count']).toBe(plain.headers['x-total-count']);
    });
  }

  it('are ignored even when another list knows them', async () => {
    const session = fresh();
    const plain = await mock.request('GET', '/categories?limit=5', { session });
    const foreign = await mock.request('GET', '/categories?limit=5&status=lost&petId=abc&complete=maybe', { session });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toEqual(plain.body);
  });

  it('are ignored on routes without query parameters too', async () => {
    const res = await mock.request('GET', '/store/inventory/1?nocache=42', { session: fresh() });
    expect(res.status).toBe(200);
    expect(res.body.petId).toBe(1);
  });
});

describe('filters of GET /pets', () => {
  it('status keeps pets of that status; repeated, any of them', async () => {
    const session = fresh();
    const all = (await everything(session, '/pets')) as { id: number; status: string }[];
    for (const status of ['available', 'pending', 'sold']) {
      const res = await everything(session, `/pets?status=${status}`);
      expect(res).toEqual(all.filter((p) => p.status === status));
    }
    const either = await everything(session, '/pets?status=pending&status=sold');
    expect(either).toEqual(all.filter((p) => p.status === 'pending' || p.status === 'sold'));
    const count = await mock.request('GET', '/pets?status=pending&status=sold&limit=1', { session });
    expect(count.headers['x-total-count']).toBe(String(either.length));
  });

  it('categoryId keeps the pets of that category', async () => {
    const session = fresh();
    const category = await mock.request('POST', '/categories', { session, body: { name: 'filter-kind' } });
    const ids: number[] = [];
    for (const name of ['Alpha', 'Beta', 'Gamma']) {
      ids.push((await mock.request('POST', '/pets', { session, body: { name, categoryId: category.body.id } })).body.id);
    }
    const res = await mock.request('GET', `/pets?categoryId=${category.body.id}`, { session });
    expect(res.body.map((p: { id: number }) => p.id)).toEqual(ids);
    expect(res.headers['x-total-count']).toBe('3');
    const none = await mock.request('GET', '/pets?categoryId=999999', { session });
    expect(none.body).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
  });

  it('name matches a case-insensitive substring', async () => {
    const session = fresh();
    const category = await mock.request('POST', '/categories', { session, body: { name: 'names' } });
    const a = await mock.request('POST', '/pets', { session, body: { name: 'Zebulon Quixote', categoryId: category.body.id } });
    const b = await mock.request('POST', '/pets', { session, body: { name: 'little zebulonquix', categoryId: category.body.id } });
    await mock.request('POST', '/pets', { session, body: { name: 'Zebra', categoryId: category.body.id } });
    for (const q of ['zebulon', 'ZEBULON', 'eBuLoN', 'Zebulon%20Q']) {
      const res = await mock.request('GET', `/pets?name=${q}`, { session });
      const expected = q === 'Zebulon%20Q' ? [a.body] : [a.body, b.body];
      expect(res.body, q).toEqual(expected);
    }
  });

  it('id keeps the pets with those ids; repeated, any of them; unknown ids match nothing', async () => {
    const session = fresh();
    const all = (await everything(session, '/pets')) as { id: number }[];
    const [p1, p2, p3] = [all[0]!, all[2]!, all[4]!];
    const res = await mock.request('GET', `/pets?id=${p3.id}&id=${p1.id}&id=${p2.id}&id=999999`, { session });
    expect(res.body).toEqual([p1, p2, p3]);
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('combines filters: a pet must match every one', async () => {
    const session = fresh();
    const category = await mock.request('POST', '/categories', { session, body: { name: 'combo' } });
    const keep = await mock.request('POST', '/pets', { session, body: { name: 'Combo One', categoryId: category.body.id, status: 'sold' } });
    await mock.request('POST', '/pets', { session, body: { name: 'Combo Two', categoryId: category.body.id } });
    const res = await mock.request('GET', `/pets?categoryId=${category.body.id}&status=sold&name=combo`, { session });
    expect(res.body).toEqual([keep.body]);
    const byId = await mock.request('GET', `/pets?id=${keep.body.id}&status=available`, { session });
    expect(byId.body).toEqual([]);
  });
});

describe('filters of GET /store/orders', () => {
  it('petId and complete keep the matching orders', async () => {
    const session = fresh();
    const category = await mock.request('POST', '/categories', { session, body: { name: 'orders' } });
    const pet = await mock.request('POST', '/pets', { session, body: { name: 'Ordered', categoryId: category.body.id } });
    const petId = pet.body.id;
    await mock.request('PUT', `/store/inventory/${petId}`, { session, body: { quantity: 5 } });
    const first = await mock.request('POST', '/store/orders', { session, body: { petId, quantity: 1 } });
    const second = await mock.request('POST', '/store/orders', { session, body: { petId, quantity: 2 } });
    const done = await mock.request('PATCH', `/store/orders/${first.body.id}`, { session, body: { complete: true } });
    expect((await mock.request('GET', `/store/orders?petId=${petId}`, { session })).body).toEqual([done.body, second.body]);
    expect((await mock.request('GET', `/store/orders?petId=${petId}&complete=true`, { session })).body).toEqual([done.body]);
    expect((await mock.request('GET', `/store/orders?petId=${petId}&complete=false`, { session })).body).toEqual([second.body]);
    const all = (await everything(session, '/store/orders')) as { complete: boolean }[];
    expect(await everything(session, '/store/orders?complete=true')).toEqual(all.filter((o) => o.complete));
    expect(await everything(session, '/store/orders?complete=false')).toEqual(all.filter((o) => !o.complete));
  });
});

describe('filters of GET /store/inventory', () => {
  it('status keeps the entries of pets with that status, as many as the pets', async () => {
    const session = fresh();
    for (const status of ['available', 'pending', 'sold']) {
      const items = (await everything(session, `/store/inventory?status=${status}`)) as { petId: number; status: string }[];
      const pets = (await everything(session, `/pets?status=${status}`)) as { id: number }[];
      expect(items.every((i) => i.status === status)).toBe(true);
      expect(items.map((i) => i.petId)).toEqual(pets.map((p) => p.id));
    }
  });
});

describe('HEAD on a list', () => {
  it('answers 200 with the list headers and no body', async () => {
    const session = fresh();
    const get = await mock.request('GET', '/pets?limit=5&status=available', { session });
    const answer = await head('/pets?limit=5&status=available', session);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    expect(answer.headers['x-total-count']).toBe(get.headers['x-total-count']);
    expect(answer.headers.link).toBe(get.headers.link);
    expect(answer.headers['x-ratelimit-limit']).toBe('1000');
    expect(answer.headers.deprecation).toBeUndefined();
  });

  it('answers HEAD on every other GET route with 200 and no body', async () => {
    const session = fresh();
    for (const path of ['/categories', '/categories/1', '/store/orders', '/store/orders/1', '/store/inventory', '/store/inventory/1']) {
      const answer = await head(path, session);
      expect(answer.status, path).toBe(200);
      expect(answer.text, path).toBe('');
      expect(answer.headers['x-ratelimit-remaining'], path).toBeDefined();
    }
  });
});
