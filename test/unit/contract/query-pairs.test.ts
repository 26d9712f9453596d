import { expect, it } from 'vitest';
import { queryPairs } from '../../../src/contract/query-pairs.js';

it('serializes object values as their style says, never as [object Object] (apideck.com, art19.com of the directory)', () => {
  const filter = { name: 'x', updated_since: '2030-01-01' };
  expect(queryPairs('filter', filter, { style: 'deepObject', explode: true })).toEqual([['filter[name]', 'x'], ['filter[updated_since]', '2030-01-01']]);
  expect(queryPairs('filter', filter)).toEqual([['name', 'x'], ['updated_since', '2030-01-01']]);
  expect(queryPairs('filter', filter, { style: 'form', explode: false })).toEqual([['filter', 'name,x,updated_since,2030-01-01']]);
});

it('serializes arrays as repeated names by default, joined where explode is false', () => {
  expect(queryPairs('ids', [1, 2])).toEqual([['ids', '1'], ['ids', '2']]);
  expect(queryPairs('ids', [1, 2], { explode: false })).toEqual([['ids', '1,2']]);
  expect(queryPairs('ids', [1, 2], { style: 'pipeDelimited', explode: false })).toEqual([['ids', '1|2']]);
  expect(queryPairs('q', 'x')).toEqual([['q', 'x']]);
});
