/**
 * list-link-walk tells records apart by their key: rows without one (swaggerhub.com's projects
 * list of `{}` rows, the unseen sweep of stop 31: "gave record {} twice") cannot be told apart by
 * content, so two alike are not a repeat. Keyed rows are still held to appear once.
 */
import { expect, it } from 'vitest';
import type { Failure } from '../../../src/contract/events.js';
import { checkWalks, type Row, type Walk } from '../../../src/contract/phases/list-checks.js';

const walk = (rows: Row[], pages: number): Walk => ({ rows, total: undefined, pages, linked: pages > 1, complete: true });
const walkFailures = (rows: Row[]) => {
  const failures: Failure[] = [];
  checkWalks({}, walk(rows, 1), walk(rows, 3), failures, (row) => row['id'], false);
  return failures.filter((f) => f.check === 'list-link-walk').map((f) => f.message);
};

it('does not call two keyless records alike a repeat', () => {
  expect(walkFailures([{}, {}, { name: 'a' }, { name: 'a' }] as Row[])).toEqual([]);
});

it('still finds a keyed record given twice', () => {
  expect(walkFailures([{ id: 1 }, { id: 2 }, { id: 2 }] as Row[])).toEqual(['walking Link rel="next" through the unfiltered list gave record 2 twice']);
});
