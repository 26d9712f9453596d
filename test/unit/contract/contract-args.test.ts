import { describe, expect, it } from 'vitest';
import { parseContractArgs } from '../../../src/cli/contract-args.js';
import { CHECK_NAMES } from '../../../src/contract/checks/registry.js';
import { ContractRunError } from '../../../src/contract/contract-error.js';
import { DEFAULT_SPEC_FILE, normalizeOptions, type ContractOptionsInput } from '../../../src/contract/options.js';

const required = ['--base-url', 'http://127.0.0.1:4010/', '--api-key', 'demo-enterprise'];
function inputOf(argv: string[]): ContractOptionsInput {
  const parsed = parseContractArgs(argv);
  if (parsed.help) throw new Error('unexpected --help');
  return parsed.input;
}
const parse = (...extra: string[]) => normalizeOptions(inputOf([...required, ...extra]));

describe('contract flags', () => {
  it('takes the two required flags and fills in the defaults', () => {
    expect(parse()).toEqual({
      baseUrl: 'http://127.0.0.1:4010',
      apiKey: 'demo-enterprise',
      spec: DEFAULT_SPEC_FILE,
      refs: {},
      tags: [],
      operations: [],
      skipStability: [],
      readonlyKey: undefined,
      includeRateLimit: false,
      rateLimitKey: undefined,
      reporters: ['console'],
      out: './contract-report',
      maxWaitMs: 120_000,
      timeoutMs: 10_000,
      maxResponseBytes: 10 * 1024 * 1024,
      maxStreamItems: 100,
      maxStreamMs: 10_000,
      maxDurationMs: 900_000,
      phases: ['examples', 'negative', 'boundary'],
      seed: undefined,
      maxExamples: 50,
      timeBudgetMs: undefined,
      workflows: undefined,
      workflowInputs: [],
      workflowsOnly: false,
      allowDestructive: false,
      pathsAtRoot: false,
      dryRun: false,
      checks: new Set(CHECK_NAMES),
      maxResponseTimeMs: undefined,
    });
    expect(DEFAULT_SPEC_FILE).toMatch(/\/spec\/petstore\.yaml$/);
  });

  it('takes --workflows, repeated --workflow-input and --workflows-only', () => {
    const parsed = parseContractArgs(['--base-url', 'http://127.0.0.1:4010', '--api-key', 'k', '--workflows', 'w.arazzo.yaml', '--workflow-input', 'a=1', '--workflow-input', 'b=x=y', '--workflows-only']);
    expect(parsed.help === false && normalizeOptions(parsed.input)).toMatchObject({ workflows: 'w.arazzo.yaml', workflowInputs: ['a=1', 'b=x=y'], workflowsOnly: true });
    expect(() => normalizeOptions({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', workflows: 'w.yaml', workflowsOnly: true, includeRateLimit: true, phases: ['fuzz'] })).toThrow(
      "--workflows-only runs none of the document's own cases; --include-rate-limit and --phases would have nothing to do",
    );
  });

  it('takes every flag of INTERFACE.md section 9, repeatable ones repeated', () => {
    const options = parse(
      '--spec', 'x.yaml', '--tag', 'Pets', '--tag', 'Store', '--operation', 'listPets', '--skip-stability', 'experimental',
      '--readonly-key', 'demo-readonly', '--include-rate-limit', '--rate-limit-key', 'demo-free',
      '--reporter', 'json', '--reporter', 'junit', '--out', 'out', '--max-wait', '30', '--timeout', '2.5',
    );
    expect(options).toMatchObject({
      spec: 'x.yaml', tags: ['Pets', 'Store'], operations: ['listPets'], skipStability: ['experimental'], readonlyKey: 'demo-readonly',
      includeRateLimit: true, rateLimitKey: 'demo-free', reporters: ['json', 'junit'], out: 'out', maxWaitMs: 30_000, timeoutMs: 2500,
    });
  });

  it('answers --help without requiring anything', () => {
    expect(parseContractArgs(['--help'])).toEqual({ help: true });
    expect(parseContractArgs(['-h'])).toEqual({ help: true });
  });

  it.each([
    [[], /--base-url is required/],
    [[...required, '--frobnicate'], /Unknown option '--frobnicate'/],
    [[...required, 'positional'], /Unexpected argument 'positional'/],
    [[...required, '--base-url'], /argument missing/],
    [[...required, '--reporter', 'pdf'], /--reporter must be one of console, json, junit, html \(got 'pdf'\)/],
    [[...required, '--skip-stability', 'alpha'], /--skip-stability must be one of beta, experimental/],
    [[...required, '--max-wait', 'soon'], /--max-wait must be a number of seconds \(got 'soon'\)/],
    [[...required, '--max-wait=-1'], /--max-wait must be a number of seconds >= 0/],
    [[...required, '--max-wait', '-1'], /^Option '--max-wait' argument is ambiguous \(see --help\)$/],
    [['--base-url', 'ftp://x', '--api-key', 'k'], /--base-url must be an http or https URL/],
    [['--base-url', 'localhost:4010', '--api-key', 'k'], /--base-url must be an absolute http\(s\) URL|--base-url must be an http or https URL/],
    [['--base-url', 'http://x', '--api-key', ''], /--api-key must not be empty/],
  ])('refuses %j with a message naming the problem', (argv, message) => {
    const run = () => normalizeOptions(inputOf(argv));
    expect(run).toThrow(ContractRunError);
    expect(run).toThrow(message);
  });
});
