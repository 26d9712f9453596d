import { describe, expect, it } from 'vitest';
import {
  coverageTotals,
  formatDuration,
  maskSecret,
  maskSummary,
  statusColumns,
  truncate,
} from '../../../src/reporting/report-model.js';
import { RunDigest } from '../../../src/reporting/run-digest.js';
import type { RunSummary } from '../../../src/contract/events.js';
import { failingRunSummary, makeCase, summarize } from '../../fixtures/run-summary.js';

function operations(summary: RunSummary) {
  const digest = new RunDigest();
  digest.takeRest(summary);
  return digest.operations(summary.coverage);
}

describe('report model', () => {
  it('groups cases by operation in the coverage order and keeps operations without cases', () => {
    const groups = operations(failingRunSummary());
    expect(groups.map((g) => g.operationId)).toEqual(['listPets', 'createPet', 'getPetById', 'deletePet', 'createCategory', 'setInventory']);
    const createPet = groups[1];
    expect(createPet?.counts).toEqual({ passed: 1, failed: 1, skipped: 0, errors: 0 });
    expect(groups.find((g) => g.operationId === 'createCategory')?.counts.errors).toBe(1);
  });

  it('adds operations that only appear in cases after the covered ones', () => {
    const extra = makeCase({ operationId: 'zeta', method: 'get', path: '/zeta', title: 'z' });
    const groups = operations(summarize([extra], []));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ operationId: 'zeta', method: 'GET', coverage: undefined });
  });

  it('counts coverage as documented statuses exercised, ignoring undocumented ones', () => {
    const totals = coverageTotals([
      { operationId: 'a', method: 'GET', path: '/a', documented: ['200', '401', '404'], exercised: ['200', '404', '418'] },
      { operationId: 'b', method: 'GET', path: '/b', documented: ['200'], exercised: [] },
    ]);
    expect(totals).toEqual({ operations: 2, operationsExercised: 1, documented: 4, exercised: 2, percent: 50 });
    expect(coverageTotals([]).percent).toBe(0);
  });

  it('orders status columns numerically with non-numeric ones last', () => {
    expect(statusColumns([
      { operationId: 'a', method: 'GET', path: '/a', documented: ['500', 'default', '200'], exercised: [] },
      { operationId: 'b', method: 'GET', path: '/b', documented: ['404', '200'], exercised: [] },
    ])).toEqual(['200', '404', '500', 'default']);
  });

  it('formats durations for people', () => {
    expect(formatDuration(12.4)).toBe('12 ms');
    expect(formatDuration(3_456)).toBe('3.5 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
    expect(formatDuration(Number.NaN)).toBe('0 ms');
  });

  it('masks API keys like the request journal does', () => {
    expect(maskSecret('demo-enterprise')).toBe('demo*********se');
    expect(maskSecret('short')).toBe('*****');
    const masked = maskSummary(failingRunSummary());
    const headers = masked.cases.flatMap((c) => c.exchanges.map((e) => e.request.headers['x-api-key']));
    expect(headers.length).toBeGreaterThan(0);
    expect(headers.every((h) => h === 'demo*********se')).toBe(true);
  });

  it('truncates long text without splitting a surrogate pair', () => {
    expect(truncate('abc', 5)).toBe('abc');
    const cut = truncate(`ab${'🐶'.repeat(3)}`, 3);
    expect(cut.startsWith('ab\n…')).toBe(true);
    expect(cut).toContain('(6 more characters)');
  });
});
