import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContractCli } from '../../../src/cli/contract-command.js';
import type { RunSummary } from '../../../src/contract/events.js';
import { startMock } from '../../../src/http/start-mock.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

let mock: Awaited<ReturnType<typeof startMock>>;
let dir: string;
beforeAll(async () => {
  mock = await startMock({ quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'petstore-variant-'));
});
afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the runner with a Petstore document whose setInventory is gone, against the real mock', () => {
  it('skips only what needs stock, with the reason, runs the rest, and exits 0 (it used to exit 2)', async () => {
    const { loaded } = await petstoreDocument();
    const document = structuredClone(loaded.source);
    delete document.paths['/store/inventory/{petId}']!.put;
    const spec = join(dir, 'petstore-without-setinventory.json');
    await writeFile(spec, JSON.stringify(document));
    const stderr = new PassThrough();
    let errors = '';
    stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    // --allow-destructive: the cases on unknown ids would be skipped as destructive too, and this test is about the prerequisites' skips.
    const code = await runContractCli(['--spec', spec, '--base-url', mock.url, '--api-key', 'demo-enterprise', '--reporter', 'json', '--out', dir, '--allow-destructive'], { stdout: new PassThrough(), stderr });
    expect([code, errors]).toEqual([0, '']);
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as RunSummary;
    const skipped = report.cases.filter((c) => c.status === 'skipped');
    expect(new Set(skipped.map((c) => c.operationId))).toEqual(new Set(['placeOrder', 'getOrderById', 'deleteOrder', 'updateOrder']));
    expect(skipped.every((c) => /placeOrder needs setInventory first \(an order takes stock, and a new pet has none; contracts\/petstore\.prerequisites\.json\), which the document does not define$/.test(c.reason ?? ''))).toBe(true);
    expect(report.totals).toMatchObject({ failed: 0, errors: 0, skipped: skipped.length });
    expect(report.totals.passed).toBeGreaterThan(90);
  });
});
