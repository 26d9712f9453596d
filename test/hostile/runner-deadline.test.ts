import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runContractCli } from '../../src/cli/contract-command.js';
import { ManualClock } from '../../src/core/clock.js';
import { CATEGORY_RUN, STAGING_KEY, json, readReports, runCli, slowDrip, useTargets } from '../helpers/hostile-targets.js';

const target = useTargets();
const NOT_RUN = /^not run: --max-duration reached/;

describe('--max-duration', () => {
  it('ends the run at the deadline by the injected clock: cases not started are reported as not run in every report', async () => {
    // A target where every answer costs 10 s of the run's clock: 133 such cases would take 22 min.
    const clock = new ManualClock(Date.parse('2026-11-23T10:00:00Z'));
    const slow = await target((req, res) => {
      clock.advance(10);
      if (req.method === 'HEAD') return void res.writeHead(200).end();
      json(res, 200, [{ id: 1, name: 'bird' }]);
    });
    const out = join(await mkdtemp(join(tmpdir(), 'runner-deadline-')), 'report');
    const stdout = new PassThrough();
    let console = '';
    stdout.on('data', (c: Buffer) => (console += c.toString()));
    const reporters = ['console', 'json', 'junit', 'html'].flatMap((r) => ['--reporter', r]);
    // --allow-destructive: without it the cases on unknown ids are skipped before the deadline matters.
    const code = await runContractCli(['--base-url', slow.url, '--api-key', STAGING_KEY, ...CATEGORY_RUN, ...reporters, '--out', out, '--max-duration', '35', '--allow-destructive'], {
      stdout,
      stderr: new PassThrough(),
      deps: { clock, sleep: async () => {} },
    });
    expect(code).toBe(1);
    const { json: report, junit, html } = await readReports(out);
    const notRun = report.cases.filter((c) => c.status === 'skipped' && NOT_RUN.test(c.reason ?? ''));
    const ran = report.cases.filter((c) => !NOT_RUN.test(c.reason ?? ''));
    // The probe and three requests use the 35 s; the cases they belong to ran, the rest did not start.
    expect(slow.seen.length).toBe(4);
    expect(ran.length).toBeGreaterThan(0);
    expect(ran.length).toBeLessThanOrEqual(3);
    expect(notRun.length).toBe(report.cases.length - ran.length);
    expect(notRun.length).toBeGreaterThan(10);
    expect(report.stoppedEarly).toMatch(NOT_RUN);
    expect(report.totals['skipped']).toBeGreaterThanOrEqual(notRun.length);
    expect(junit.match(/<skipped message="not run: --max-duration reached/g)?.length).toBe(notRun.length);
    expect(html).toContain('not run: --max-duration reached');
    expect(console).toMatch(/Run stopped early: not run: --max-duration reached \(35 s\)/);
  });

  it('cuts a slow-drip answer at the deadline: exit 1 within about the deadline, with every report', async () => {
    // 1 byte every 100 ms for 30 bytes: 3 s per answer, 30 s per request for --timeout.
    const drip = await target(slowDrip({ everyMs: 100, bytes: 30 }));
    const started = performance.now();
    const run = await runCli(['--base-url', drip.url, '--api-key', STAGING_KEY, ...CATEGORY_RUN, '--max-duration', '1', '--timeout', '30']);
    const elapsed = performance.now() - started;
    expect([run.code, run.signal, run.stderr]).toEqual([1, null, '']);
    const { json: report } = await readReports(run.out);
    const cut = report.cases.filter((c) => c.status === 'error' && /--max-duration reached \(1 s\) while waiting for/.test(c.reason ?? ''));
    expect(cut.length).toBe(1);
    // The first case was cut; none after it started.
    expect(report.cases[0]).toBe(cut[0]);
    expect(report.cases.slice(1).every((c) => c.status === 'skipped')).toBe(true);
    expect(report.cases.filter((c) => NOT_RUN.test(c.reason ?? '')).length).toBeGreaterThan(10);
    expect(report.stoppedEarly).toMatch(NOT_RUN);
    // Start-up, one second of run, the reports: far from the 3 s per answer the target would take.
    expect(elapsed).toBeLessThan(8000);
  });
});
