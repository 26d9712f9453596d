import { describe, expect, it } from 'vitest';
import { parseContractArgs } from '../../../src/cli/contract-args.js';
import { ContractRunError } from '../../../src/contract/contract-error.js';
import { normalizeOptions } from '../../../src/contract/options.js';

const options = (...extra: string[]) => {
  const parsed = parseContractArgs(['--base-url', 'http://127.0.0.1:4010', '--api-key', 'k', ...extra]);
  if (parsed.help) throw new Error('help');
  return normalizeOptions(parsed.input);
};

describe('the deep runner flags', () => {
  it('takes --phases (comma-separated or repeated, kept in run order), --seed, --max-examples, --time-budget', () => {
    expect(options('--phases', 'fuzz,stateful', '--phases', 'boundary', '--seed', '42', '--max-examples', '5', '--time-budget', '2.5')).toMatchObject({
      phases: ['boundary', 'stateful', 'fuzz'],
      seed: 42,
      maxExamples: 5,
      timeBudgetMs: 2500,
    });
  });

  it.each([
    [['--phases', 'examples,chaos'], /--phases must name phases among examples, negative, boundary, stateful, fuzz \(got 'chaos'\)/],
    [['--seed=-3'], /--seed must be a whole number from 0 to 2147483647/],
    [['--seed', '1.5'], /--seed must be a whole number/],
    [['--max-examples', '0'], /--max-examples must be a whole number >= 1/],
    [['--time-budget', '0'], /--time-budget must be a number of seconds > 0/],
  ])('refuses %j with a message naming the flag', (argv, message) => {
    expect(() => options(...argv)).toThrow(ContractRunError);
    expect(() => options(...argv)).toThrow(message);
  });
});
