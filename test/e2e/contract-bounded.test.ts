/**
 * The built CLI's runner on a document whose bounds no value could meet in memory
 * (`maxItems: 2147483647`, `minLength: 100000000`), against a real mock process, in a small heap.
 * Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';
import { runContract } from '../helpers/contract-cli.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/runner/huge-bounds.json', import.meta.url));

describe('the runner on huge bounds', () => {
  let mock: MockProcess;
  let out: string;
  beforeAll(async () => {
    out = await mkdtemp(join(tmpdir(), 'bounded-'));
    // The mock refuses lower bounds it cannot serve (decision 048), so the target serves the same
    // document without the two optional fields' minLength/minItems; the runner reads the original.
    const served = JSON.parse(await readFile(DOCUMENT, 'utf8'));
    const input = served.components.schemas.PaymentInput.properties;
    delete input.reference.minLength;
    delete input.batches.minItems;
    const servedFile = join(out, 'served.json');
    await writeFile(servedFile, JSON.stringify(served));
    // The mock knows the run's key (`known-keys`), so the wrong-credential case of ignored_auth is
    // refused as on a real server; under `any-credential` it would be let in, a true finding.
    mock = await startMockProcess(['--spec', servedFile, '--auth', 'known-keys']);
  });
  afterAll(async () => {
    await mock?.stop();
    await rm(out, { recursive: true, force: true });
  });

  it('runs every default phase to the end in a 128 MB heap, the boundary phase included', async () => {
    const run = await runContract(['--base-url', mock.url, '--spec', DOCUMENT, '--api-key', 'demo-enterprise', '--reporter', 'json', '--out', out], () => {}, { NODE_OPTIONS: '--max-old-space-size=128' });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary;
    const boundary = report.cases.filter((c) => c.kind === 'boundary');
    expect(boundary.length).toBeGreaterThan(10);
    expect(boundary.map((c) => c.title)).toContain('POST /payments with "amount" 1000000 (maximum) is accepted (201)');
    expect(report.totals).toMatchObject({ failed: 0, errors: 0 });
  }, 120_000);
});
