import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runContractCli } from '../../../src/cli/contract-command.js';
import { promisify } from 'node:util';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { FULL_KEY } from '../../helpers/contract-defects.js';
import { failedChecks, useResetMock } from '../../helpers/contract-mock.js';
import { DEEP_DEFECTS, resetDeepDefectMemory, type DeepDefect } from '../../helpers/deep-defects.js';
import { startDefectProxy } from '../../helpers/defect-proxy.js';

const run = promisify(execFile);
const mock = useResetMock();
const table: string[] = [];
afterAll(() => {
  if (table.length > 0) console.info(`deep detection table (defect, check, default phases, deep phases):\n${table.join('\n')}`);
});
beforeEach(() => {
  resetDeepDefectMemory();
});

async function through(defect: DeepDefect, phases?: string[]) {
  const proxy = await startDefectProxy(mock.url, defect);
  try {
    const summary = await runContract({ baseUrl: proxy.url, apiKey: FULL_KEY, maxWaitSeconds: 0, seed: 1, maxExamples: 30, operations: defect.run.operations, ...(phases ? { phases } : {}) });
    return { summary, url: proxy.url, proxy };
  } catch (err) {
    await proxy.close();
    throw err;
  }
}

describe('the deep phases catch each deep defect with the check named and a repro', () => {
  it('has at least 15 deep defects, each named once', () => {
    expect(DEEP_DEFECTS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(DEEP_DEFECTS.map((d) => d.name)).size).toBe(DEEP_DEFECTS.length);
  });

  it.each(DEEP_DEFECTS.map((d) => [d.name, d] as const))('%s', async (_name, defect) => {
    const byDefault = await through(defect);
    await byDefault.proxy.close();
    const defaultCaught = failedChecks(byDefault.summary).includes(defect.caughtBy);
    await mock.admin.reset();
    resetDeepDefectMemory();
    const deep = await through(defect, defect.run.phases);
    try {
      const checks = failedChecks(deep.summary);
      table.push(`${defect.name.padEnd(30)} ${defect.caughtBy.padEnd(22)} default: ${defaultCaught ? 'caught' : 'missed'}  deep (${defect.run.phases.join(',')}): ${checks.includes(defect.caughtBy) ? 'caught' : 'MISSED'}`);
      expect(checks).toContain(defect.caughtBy);
      const failing = deep.summary.cases.find((c) => c.failures.some((f) => f.check === defect.caughtBy))!;
      if (defect.run.phases.includes('boundary')) return;
      // A generated failure carries its repro: one curl per request, the key as $API_KEY, the replay line.
      expect(failing.repro).toMatch(/^#!\/bin\/sh/);
      expect(failing.repro).toContain('$API_KEY');
      expect(failing.repro).not.toContain(FULL_KEY);
      expect(failing.repro).toContain(`--seed 1`);
      const curls = failing.repro!.split('\n').filter((l) => l.startsWith('R=$(curl '));
      const answered = [...failing.repro!.matchAll(/^# answered (\d{3})$/gm)].map((m) => m[1]);
      expect(curls.length).toBe(answered.length);
      // Run alone against the same defective server after a reset, the script replays the failure.
      await mock.admin.reset();
      resetDeepDefectMemory();
      const script = failing.repro!.replace(/^BASE_URL=.*$/m, `BASE_URL='${deep.url}'`);
      const { stdout } = await run('sh', ['-c', script], { env: { ...process.env, API_KEY: FULL_KEY } });
      const statuses = [...stdout.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
      // Ids the server made are read from its answers, so the replay gets the answers the run got;
      // ids-reused is the exception: the delete that freed its id belongs to an earlier sequence.
      if (defect.name === 'ids-reused') expect(statuses[0]).toBe(answered[0]);
      else expect(statuses).toEqual(answered);
    } finally {
      await deep.proxy.close();
    }
  });
});

describe('petstore-kit contract --phases fuzz against a defective server', () => {
  it('exits 1 and every report shows the seed and the repro, without the key', async () => {
    const defect = DEEP_DEFECTS.find((d) => d.name === 'server-error-on-a-space')!;
    const proxy = await startDefectProxy(mock.url, defect);
    const out = await mkdtemp(join(tmpdir(), 'deep-report-'));
    try {
      const stdout = new PassThrough();
      let console = '';
      stdout.on('data', (chunk: Buffer) => (console += chunk.toString()));
      const argv = ['--base-url', proxy.url, '--api-key', FULL_KEY, '--operation', 'createCategory', '--phases', 'fuzz', '--seed', '42', '--max-examples', '20'];
      const code = await runContractCli([...argv, '--reporter', 'console', '--reporter', 'json', '--reporter', 'junit', '--reporter', 'html', '--out', out], { stdout });
      expect(code).toBe(1);
      expect(console).toContain('Seed');
      expect(console).toContain('--seed 42');
      expect(console).toContain('curl -sS -i -X POST');
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { seed: number; cases: { repro?: string }[] };
      expect(report.seed).toBe(42);
      expect(report.cases.some((c) => c.repro?.includes('$API_KEY'))).toBe(true);
      const junit = await readFile(join(out, 'junit.xml'), 'utf8');
      const html = await readFile(join(out, 'report.html'), 'utf8');
      expect(junit).toContain('repro:');
      expect(html).toContain('class="repro"');
      for (const text of [console, JSON.stringify(report), junit, html]) expect(text).not.toContain(FULL_KEY);
    } finally {
      await proxy.close();
      await rm(out, { recursive: true, force: true });
    }
  });
});
