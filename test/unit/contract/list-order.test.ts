import { describe, expect, it } from 'vitest';
import type { Failure } from '../../../src/contract/events.js';
import { checkWalks, type Row, type Walk } from '../../../src/contract/phases/list-checks.js';

const walk = (ids: unknown[], pages = 1): Walk => ({ rows: ids.map((id) => ({ id }) as Row), total: undefined, pages, linked: pages > 1, complete: true });
const orderFailures = (whole: unknown[], paged: unknown[]) => {
  const failures: Failure[] = [];
  checkWalks({}, walk(whole), walk(paged, 3), failures);
  return failures.filter((f) => f.check === 'list-order').map((f) => f.message);
};

describe('list-order', () => {
  it('holds numeric ids to the order their first two set', () => {
    expect(orderFailures([1, 2, 3, 4], [1, 2, 3, 4])).toEqual([]);
    expect(orderFailures([4, 3, 2, 1], [4, 3, 2, 1])).toEqual([]);
    expect(orderFailures([1, 2, 3, 4], [1, 2, 4, 3])).toEqual(['the unfiltered list is not in one order across pages: id 3 follows 4 (record 4)']);
  });

  it('does not ask uuids or random ids to be sorted, only to keep the order one large page shows', () => {
    const ids = ['b7f1', '0a2c', 'f9e3', '3d4d'];
    expect(orderFailures(ids, ids)).toEqual([]);
    expect(orderFailures(ids, ['b7f1', 'f9e3', '0a2c', '3d4d'])).toEqual(['the unfiltered list is not in one order across pages: record f9e3 is at position 2 walking page by page, 0a2c is there in one page']);
  });
});
