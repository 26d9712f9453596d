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
});
