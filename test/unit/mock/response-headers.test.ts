import { describe, expect, it } from 'vitest';
import { httpDate, paginationLink } from '../../../src/mock/response-headers.js';
import { Journal } from '../../../src/mock/journal.js';
import { FaultList } from '../../../src/mock/faults.js';
import { parsePrefer } from '../../../src/mock/prefer.js';

describe('paginationLink', () => {
  const known = ['limit', 'offset', 'status', 'name'];
  it('gives next and prev, keeping known filters and limit and dropping unknown parameters', () => {
    expect(paginationLink('/pets', 'status=available&status=sold&limit=10&offset=10&_=123', known, { total: 57, limit: 10, offset: 10 }))
      .toBe('</pets?status=available&status=sold&limit=10&offset=20>; rel="next", </pets?status=available&status=sold&limit=10&offset=0>; rel="prev"');
  });
  it('has no next on the last page and no Link at all for a single page', () => {
    expect(paginationLink('/pets', 'offset=50', known, { total: 57, limit: 20, offset: 50 })).toBe('</pets?limit=20&offset=30>; rel="prev"');
    expect(paginationLink('/pets', '', known, { total: 5, limit: 20, offset: 0 })).toBeUndefined();
  });
  it('clamps prev at offset 0 and encodes filter values', () => {
    expect(paginationLink('/pets', 'name=a%26b&offset=5', known, { total: 100, limit: 20, offset: 5 })).toBe(
      '</pets?name=a%26b&limit=20&offset=25>; rel="next", </pets?name=a%26b&limit=20&offset=0>; rel="prev"',
    );
  });
});

describe('httpDate', () => {
  it('formats an IMF-fixdate and reuses it within the same second', () => {
    expect(httpDate(Date.parse('2027-07-01T00:00:00.100Z'))).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
    expect(httpDate(Date.parse('2027-07-01T00:00:00.900Z'))).toBe('Thu, 01 Jul 2027 00:00:00 GMT');
    expect(httpDate(Date.parse('2027-07-01T00:00:01.000Z'))).toBe('Thu, 01 Jul 2027 00:00:01 GMT');
  });
});

describe('Journal', () => {
  it('keeps the last N entries, newest last', () => {
    const journal = new Journal(3);
    for (let i = 1; i <= 5; i++) journal.push({ at: i * 1000, method: 'GET', path: `/${i}`, status: 200, ms: 1, key: null });
    expect(journal.list().map((e) => e.path)).toEqual(['/3', '/4', '/5']);
    expect(journal.list()[0]!.time).toBe('1970-01-01T00:00:03.000Z');
    journal.clear();
    expect(journal.list()).toEqual([]);
  });
});

describe('FaultList', () => {
  it('matches by method and by request path or template, and uses each fault up', () => {
    const faults = new FaultList();
    faults.add({ method: 'GET', path: '/pets/{petId}', times: 2, status: 503 });
    expect(faults.take('POST', '/pets/1', '/pets/{petId}')).toBeUndefined();
    expect(faults.take('GET', '/pets/1', '/pets/{petId}')?.status).toBe(503);
    expect(faults.take('GET', '/pets/2', '/pets/{petId}')?.status).toBe(503);
    expect(faults.take('GET', '/pets/3', '/pets/{petId}')).toBeUndefined();
    faults.add({ path: '/store/orders', times: 1, status: 500 });
    expect(faults.take('POST', '/store/orders', '/store/orders')?.status).toBe(500);
  });
});

describe('parsePrefer', () => {
  it('reads code, example and dynamic, ignoring other preferences', () => {
    expect(parsePrefer('code=404, example=notFound')).toEqual({ code: '404', example: 'notFound' });
    expect(parsePrefer('dynamic=true; respond-async')).toEqual({ dynamic: true });
    expect(parsePrefer('example="banned"')).toEqual({ example: 'banned' });
    expect(parsePrefer('return=minimal')).toBeUndefined();
    expect(parsePrefer('code=abc')).toBeUndefined();
    expect(parsePrefer(undefined)).toBeUndefined();
  });
});
