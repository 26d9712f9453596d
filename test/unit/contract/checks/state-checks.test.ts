import { beforeAll, describe, expect, it } from 'vitest';
import { rateLimitCountdown } from '../../../../src/contract/checks/rate-limit-countdown.js';
import { stateCreated } from '../../../../src/contract/checks/state-created.js';
import { useAfterFree } from '../../../../src/contract/checks/use-after-free.js';
import { stateUpdated } from '../../../../src/contract/checks/state-updated.js';
import { exchange, rateLimitHeaders } from '../../../helpers/contract-exchange.js';
import { checkFixtures } from './check-fixtures.js';

let f: Awaited<ReturnType<typeof checkFixtures>>;
beforeAll(async () => {
  f = await checkFixtures();
});

const order = { id: 9, petId: 3, quantity: 2, shipDate: '2026-12-01T12:00:00.000Z', complete: false };
const found = (record: unknown) => ({ outcome: 'found' as const, record, exchanges: [] });

describe('state-created where the 201 documents a summary (`{id}`) and the read gives the record', () => {
  const summaryOnly = () => ({
    ...f.op('placeOrder'),
    responses: { '201': { description: 'created', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } } } } } } } as ReturnType<typeof f.op>['responses'],
  });
  const created = exchange({ method: 'POST', status: 201, body: { id: 9 }, requestBody: { petId: 3, quantity: 2 } });

  it('passes when the record reads back with the answer\'s fields (and more)', () => {
    expect(stateCreated(created, found(order), summaryOnly())).toEqual([]);
  });

  it('fails when the read-back loses or changes a field the answer gave', () => {
    expect(stateCreated(created, found({ ...order, id: 10 }), summaryOnly())).toEqual([expect.objectContaining({ check: 'state-created', location: '$.id' })]);
    expect(stateCreated(created, found({ petId: 3 }), summaryOnly())).toEqual([expect.objectContaining({ check: 'state-created', location: '$.id' })]);
  });
});

describe('state-updated where the update is answered without a body', () => {
  const replaced = exchange({ method: 'PUT', status: 200, body: '', requestBody: { name: 'Max' } });

  it('passes when the sent fields read back, and fails when one does not', () => {
    expect(stateUpdated(replaced, found({ id: 1, name: 'Max', status: 'available' }), f.op('replacePet'))).toEqual([]);
    expect(stateUpdated(replaced, found({ id: 1, name: 'Rex', status: 'available' }), f.op('replacePet'))).toEqual([expect.objectContaining({ check: 'state-updated', location: '$.name' })]);
  });
});

describe('state-created', () => {
  const placed = exchange({ method: 'POST', status: 201, body: order, requestBody: { petId: 3, quantity: 2, shipDate: '2026-12-01T12:00:00Z' } });

  it('passes a record that keeps what was sent (the same instant spelt differently) and reads back equal', () => {
    expect(stateCreated(placed, found(order), f.op('placeOrder'))).toEqual([]);
  });

  it('fails a record that reads back different', () => {
    expect(stateCreated(placed, found({ ...order, quantity: 1 }), f.op('placeOrder'))).toEqual([expect.objectContaining({ check: 'state-created', location: '$.quantity' })]);
  });

  it('fails a created record that dropped a field that was sent', () => {
    const sloppy = exchange({ method: 'POST', status: 201, body: { ...order, quantity: 1 }, requestBody: { petId: 3, quantity: 2 } });
    expect(stateCreated(sloppy, found({ ...order, quantity: 1 }), f.op('placeOrder'))).toEqual([expect.objectContaining({ location: '$.quantity', expected: '2', actual: '1' })]);
  });
});

describe('state-updated', () => {
  const replaced = exchange({ method: 'PUT', status: 200, body: { id: 1, name: 'Max', categoryId: 1, status: 'available' }, requestBody: { name: 'Max', categoryId: 1 } });

  it('passes when the record reads back as the update answered', () => {
    expect(stateUpdated(replaced, found({ id: 1, name: 'Max', categoryId: 1, status: 'available' }), f.op('replacePet'))).toEqual([]);
  });

  it('fails when the record reads back without the update', () => {
    expect(stateUpdated(replaced, found({ id: 1, name: 'Rex', categoryId: 1, status: 'available' }), f.op('replacePet'))).toEqual([
      expect.objectContaining({ check: 'state-updated', location: '$.name', expected: '"Max"', actual: '"Rex"' }),
    ]);
  });
});

describe('state-deleted', () => {
  const deleted = exchange({ method: 'DELETE', status: 204 });

  it('passes when the record then reads 404', () => {
    expect(useAfterFree(deleted, { outcome: 'not-found', exchanges: [] }, f.op('deletePet'))).toEqual([]);
  });

  it('fails when the deleted record still reads back', () => {
    expect(useAfterFree(deleted, found({ id: 1 }), f.op('deletePet'))).toEqual([expect.objectContaining({ check: 'use_after_free' })]);
  });
});

describe('rate-limit-countdown', () => {
  const step = (remaining: number, status = 200) => exchange({ status, body: [], headers: rateLimitHeaders(remaining) });

  it('passes Remaining falling by one a request until the 429', () => {
    expect(rateLimitCountdown([step(3), step(2), step(1), step(0), step(0, 429)])).toEqual([]);
  });

  it('fails Remaining that does not fall', () => {
    expect(rateLimitCountdown([step(3), step(2), step(2), step(1)])).toEqual([expect.objectContaining({ check: 'rate-limit-countdown', expected: '1', actual: '2' })]);
  });

  it('starts again when the window resets', () => {
    const next = exchange({ status: 200, body: [], headers: { ...rateLimitHeaders(59), 'x-ratelimit-reset': '9999999999' } });
    expect(rateLimitCountdown([step(2), step(1), next, { ...next }])).toEqual([expect.objectContaining({ expected: '58' })]);
    expect(rateLimitCountdown([step(2), step(1), next])).toEqual([]);
  });
});
