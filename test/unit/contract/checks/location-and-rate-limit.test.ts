import { beforeAll, describe, expect, it } from 'vitest';
import { location } from '../../../../src/contract/checks/location.js';
import { rateLimitConsistency } from '../../../../src/contract/checks/rate-limit-consistency.js';
import { NOW, exchange, rateLimitHeaders } from '../../../helpers/contract-exchange.js';
import { checkFixtures } from './check-fixtures.js';

let f: Awaited<ReturnType<typeof checkFixtures>>;
beforeAll(async () => {
  f = await checkFixtures();
});

const pet = { id: 51, name: 'Rex', categoryId: 1, status: 'available' };
const created = exchange({ method: 'POST', status: 201, body: pet, headers: { location: '/pets/51' } });

describe('location', () => {
  it('passes when GET Location returns the created record', () => {
    const readBack = { outcome: 'found' as const, record: pet, exchanges: [] };
    expect(location(created, f.op('createPet'), f.context({ readBack }))).toEqual([]);
  });

  it('fails when GET Location returns another record', () => {
    const readBack = { outcome: 'found' as const, record: { ...pet, id: 1 }, exchanges: [] };
    expect(location(created, f.op('createPet'), f.context({ readBack }))).toEqual([expect.objectContaining({ check: 'location' })]);
  });

  it('fails when GET Location finds nothing', () => {
    const readBack = { outcome: 'not-found' as const, exchanges: [exchange({ status: 404, body: {} })] };
    expect(location(created, f.op('createPet'), f.context({ readBack }))).toEqual([expect.objectContaining({ actual: '404' })]);
  });

  it('fails a 201 without Location', () => {
    const bare = exchange({ method: 'POST', status: 201, body: pet });
    expect(location(bare, f.op('createPet'), f.context())).toEqual([expect.objectContaining({ actual: 'absent' })]);
  });
});

describe('rate-limit-consistency', () => {
  const check = (headers: Record<string, string | undefined>, status = 200) =>
    rateLimitConsistency(exchange({ status, body: [], headers }), f.op('listPets'), f.context());
  const resetIn40 = String(Math.floor(NOW / 1000) + 40);

  it('passes headers that agree with each other and with Date', () => {
    expect(check({})).toEqual([]);
  });

  it('fails Remaining above Limit', () => {
    expect(check(rateLimitHeaders(61, 60))).toEqual([expect.objectContaining({ location: 'header X-RateLimit-Remaining' })]);
  });

  it('fails a Reset in the past', () => {
    expect(check({ 'x-ratelimit-reset': String(Math.floor(NOW / 1000) - 30), ratelimit: undefined })).toEqual([expect.objectContaining({ location: 'header X-RateLimit-Reset' })]);
  });

  it('fails a RateLimit field that disagrees with X-RateLimit-Remaining', () => {
    expect(check({ ratelimit: '"minute";r=12;t=40' })).toEqual([expect.objectContaining({ location: 'header RateLimit', expected: 'r=59' })]);
  });

  it('passes a 429 whose Retry-After points at the reset', () => {
    expect(check({ ...rateLimitHeaders(0), 'retry-after': '40', 'x-ratelimit-reset': resetIn40 }, 429)).toEqual([]);
  });

  it('fails a 429 whose Retry-After disagrees with X-RateLimit-Reset', () => {
    expect(check({ ...rateLimitHeaders(0), 'retry-after': '90' }, 429)).toEqual([expect.objectContaining({ location: 'header Retry-After', expected: '40', actual: '90' })]);
  });

  it('fails a 429 without Retry-After, or with Remaining above 0', () => {
    expect(check({ ...rateLimitHeaders(0) }, 429)).toEqual([expect.objectContaining({ location: 'header Retry-After' })]);
    expect(check({ ...rateLimitHeaders(3), 'retry-after': '40' }, 429)).toEqual([expect.objectContaining({ location: 'header X-RateLimit-Remaining' })]);
  });

  it('uses the run clock when there is no Date header', () => {
    expect(check({ date: undefined })).toEqual([]);
  });
});
