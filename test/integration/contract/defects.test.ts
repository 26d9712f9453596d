import { afterAll, describe, expect, it } from 'vitest';
import { PassThrough } from 'node:stream';
import { runContractCli } from '../../../src/cli/contract-command.js';
import { runContract } from '../../../src/contract/run-contract.js';
import { DEFECTS, FULL_KEY, RATE_LIMIT_KEY, READONLY_KEY, defectNamed } from '../../helpers/contract-defects.js';
import { failedChecks, notPassed, useResetMock } from '../../helpers/contract-mock.js';
import { startDefectProxy, type Defect } from '../../helpers/defect-proxy.js';

// Fresh data, counters and bans for every variant, so one defect's run cannot spill into the next.
const mock = useResetMock();
const table: string[] = [];
afterAll(() => {
  if (table.length > 0) console.info(`detection table (defect -> checks that failed):\n${table.join('\n')}`);
});

async function runThrough(defect?: Defect) {
  const proxy = await startDefectProxy(mock.url, defect);
  try {
    const started = performance.now();
    const summary = await runContract({
      baseUrl: proxy.url,
      apiKey: FULL_KEY,
      readonlyKey: READONLY_KEY,
      rateLimitKey: RATE_LIMIT_KEY,
      maxWaitSeconds: 0,
      // These defects are of section 9's cases; the boundary phase has its own defect tables
      // (deep-defects, blind-defects), so it is left out here to keep the table fast.
      phases: ['examples', 'negative'],
      ...defect?.run,
    });
    return { summary, ms: Math.round(performance.now() - started) };
  } finally {
    await proxy.close();
  }
}

describe('the defect proxy', () => {
  it('changes nothing without a defect: the runner passes through it', async () => {
    const { summary } = await runThrough();
    expect(notPassed(summary)).toEqual([]);
  });

  it('has at least 15 defects, each naming the check that must catch it', () => {
    expect(DEFECTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(DEFECTS.map((d) => d.name)).size).toBe(DEFECTS.length);
  });
});

describe('the runner fails each defective variant with the right check', () => {
  it.each(DEFECTS.map((d) => [d.name, d] as const))('%s', async (_name, defect) => {
    const { summary, ms } = await runThrough(defect);
    const checks = failedChecks(summary);
    table.push(`${defect.name.padEnd(28)} ${defect.caughtBy.padEnd(24)} ${String(summary.totals.failed).padStart(3)} failed cases  [${checks.join(', ')}]  ${ms} ms`);
    expect(summary.totals.failed).toBeGreaterThan(0);
    expect(checks).toContain(defect.caughtBy);
  });
});

describe('petstore-kit contract against a defective variant', () => {
  it('exits 1 and the console report names the check and what was expected', async () => {
    const proxy = await startDefectProxy(mock.url, defectNamed('wrong-content-type'));
    try {
      const stdout = new PassThrough();
      let text = '';
      stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const code = await runContractCli(['--base-url', proxy.url, '--api-key', FULL_KEY, '--operation', 'listPets'], { stdout });
      expect(code).toBe(1);
      expect(text).toContain('content_type_conformance');
      expect(text).toContain('text/plain');
    } finally {
      await proxy.close();
    }
  });
});
