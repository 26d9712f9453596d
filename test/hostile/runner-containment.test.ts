import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/core/clock.js';
import { ContractRunError } from '../../src/contract/contract-error.js';
import type { Reporter } from '../../src/contract/events.js';
import { runContract } from '../../src/contract/run-contract.js';
import { createJsonReporter } from '../../src/reporting/json-reporter.js';
import { NOW } from '../helpers/contract-exchange.js';
import { CATEGORY_OPERATIONS, createFakeCategoriesApi } from '../helpers/contract-fake-api.js';
import { CATEGORY_RUN, STAGING_KEY, json, readReports, runCli, useTargets } from '../helpers/hostile-targets.js';

const target = useTargets();

describe('one case that throws', () => {
  it('is that case only: an unparseable Location makes its cases errors, the run goes on and every report is written', async () => {
    const broken = await target((req, res) => {
      if (req.method === 'HEAD') return void res.writeHead(200).end();
      if (req.method === 'POST') return json(res, 201, { id: 1, name: 'bird' }, { location: 'http://[::1' });
      json(res, 200, [{ id: 1, name: 'bird' }]);
    });
    const run = await runCli(['--base-url', broken.url, '--api-key', STAGING_KEY, ...CATEGORY_RUN]);
    expect([run.code, run.stderr]).toEqual([1, '']);
    const { json: report } = await readReports(run.out);
    const thrown = report.cases.filter((c) => c.status === 'error' && /Invalid URL/.test(c.reason ?? ''));
    expect(thrown.length).toBeGreaterThan(0);
    expect(report.cases.length - thrown.length).toBeGreaterThan(5);
  });
});

describe('a reporter that throws', () => {
  it('costs no other report: the run finishes, report.json is written, and the run then fails with the reporter named', async () => {
    const clock = new ManualClock(NOW);
    const api = createFakeCategoriesApi(clock);
    const out = join(await mkdtemp(join(tmpdir(), 'runner-reporter-')), 'report');
    const broken: Reporter = {
      name: 'broken',
      onEvent(event) {
        if (event.type === 'case-finished') throw new Error('cannot draw this');
      },
    };
    const run = runContract(
      { baseUrl: 'http://fake.test', apiKey: 'rw', operations: CATEGORY_OPERATIONS },
      { fetch: api.fetch, clock, sleep: async () => {}, reporters: [broken, createJsonReporter(out)] },
    );
    await expect(run).rejects.toThrow(ContractRunError);
    await expect(run).rejects.toThrow(/the broken reporter failed on case-finished: cannot draw this/);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { totals: { cases: number } };
    expect(report.totals.cases).toBeGreaterThan(5);
  });
});
