import { describe, expect, it } from 'vitest';
import { compareWithExpected } from '../../../bench/sweep/ci-compare.mjs';

const failed = (...ids: string[]) => ({ outcome: 'runner-failed', runner: { failures: ids.map((id) => ({ id })) }, answers: { conform: 10, total: 10 } });

describe('CI sweep: a document against what ci-expected.json lists for it, both ways', () => {
  it('passes a document that is as listed: clean, or failing exactly the listed cases', () => {
    expect(compareWithExpected({ outcome: 'clean' }, { outcome: 'clean' })).toEqual([]);
    expect(compareWithExpected({ outcome: 'runner-failed', failing: ['a/negative/unknown-id'] }, failed('a/negative/unknown-id'))).toEqual([]);
    expect(compareWithExpected({ outcome: 'refused' }, { outcome: 'refused' })).toEqual([]);
  });

  it('is red when a clean document or a passing case now fails', () => {
    expect(compareWithExpected({ outcome: 'clean' }, failed('x/positive/plain'))).toEqual(['regression: was clean, now runner-failed (x/positive/plain)']);
    expect(compareWithExpected({ outcome: 'runner-failed', failing: ['a'] }, failed('a', 'b'))).toEqual(['regression: b now fails']);
    expect(compareWithExpected({ outcome: 'runner-failed', failing: ['a'] }, { ...failed('a'), answers: { conform: 8, total: 10 } })).toEqual(['regression: 2 answers do not conform (listed: 0)']);
  });

  it('asks for a listed failure that now passes to be taken off the list', () => {
    expect(compareWithExpected({ outcome: 'runner-failed', class: '2', failing: ['a'] }, { outcome: 'clean' })).toEqual(['now passes: take it off the expected failures (it was runner-failed, class 2)']);
    expect(compareWithExpected({ outcome: 'runner-failed', failing: ['a', 'b'] }, failed('a'))).toEqual(['now passes: take b off the list']);
  });
});
