import { describe, expect, it } from 'vitest';
import { Journal, exchangeChars } from '../../../src/mock/journal.js';
import type { RecordedExchange } from '../../../src/mock/recorded-exchange.js';

const exchange = (body: string): RecordedExchange => ({ path: '/pets', query: '', requestHeaders: [], responseHeaders: [], responseBody: body });
const line = (n: number, body: string) => ({ at: n, method: 'GET', path: '/pets', status: 200, ms: 1, key: null, exchange: exchange(body) });

describe('the journal keeps headers and bodies within its budget', () => {
  it('sheds the oldest lines\' exchanges past the budget, keeping their lines and the newest exchange', () => {
    const journal = new Journal(10, 100);
    for (let n = 0; n < 4; n++) journal.push(line(n, 'x'.repeat(40)));
    const listed = journal.list();
    expect(listed).toHaveLength(4);
    expect(listed.map((l) => l.exchange !== undefined)).toEqual([false, false, true, true]);
    expect(listed.reduce((sum, l) => sum + (l.exchange ? exchangeChars(l.exchange) : 0), 0)).toBeLessThanOrEqual(100);
  });

  it('frees what a line pushed out of the ring held', () => {
    const journal = new Journal(2, 100);
    for (let n = 0; n < 6; n++) journal.push(line(n, 'y'.repeat(30)));
    // Two lines of 35 characters each fit: nothing needs shedding once the ring dropped the older ones.
    expect(journal.list().map((l) => l.exchange !== undefined)).toEqual([true, true]);
  });

  it('after a reset, sheds the lines pushed since: none is lost, no push throws', () => {
    // Before: clear() moved the ring back to 0 while the count of pushes went on, so shedding looked
    // for the oldest line in an empty slot and threw; every request after a reset answered 500.
    const journal = new Journal(10, 100);
    for (let n = 0; n < 3; n++) journal.push(line(n, 'x'.repeat(40)));
    journal.clear();
    for (let n = 3; n < 8; n++) journal.push(line(n, 'x'.repeat(40)));
    const listed = journal.list();
    expect(listed.map((l) => l.time)).toEqual([3, 4, 5, 6, 7].map((n) => new Date(n).toISOString()));
    expect(listed.map((l) => l.exchange !== undefined)).toEqual([false, false, false, true, true]);
  });
});
