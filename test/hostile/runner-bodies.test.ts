import { describe, expect, it } from 'vitest';
import { CATEGORY_RUN, MiB, STAGING_KEY, deepJson, hugeBody, readReports, runCli, useTargets, type Handler } from '../helpers/hostile-targets.js';

/*
 * Answers that once took the runner to 4-5 GB and SIGABRT with no report: each is now a failed
 * case ("response too large", "nests ... levels deep"), the run goes on, the four report files
 * are written, and the child's peak memory stays bounded (it is measured, not assumed).
 */
const target = useTargets();

/** The runner loaded is ~120 MiB; 10 MiB bodies read one at a time peaked at 160 MiB (388 MiB when decoded chunk by chunk). */
const PEAK_RSS_BOUND_MIB = 300;

async function runAgainst(handler: Handler, extra: string[] = []) {
  const t = await target(handler);
  const run = await runCli(['--base-url', t.url, '--api-key', STAGING_KEY, ...CATEGORY_RUN, ...extra], { timeoutMs: 120_000 });
  console.info(`peak RSS ${run.peakRssMiB} MiB, exit ${run.code}`);
  return { run, target: t };
}

describe('the runner against unbounded answers', () => {
  it('a 500 MB body: the case fails "response too large", the run goes on, memory stays bounded', async () => {
    const { run } = await runAgainst(hugeBody({ bytes: 500 * MiB }));
    expect([run.code, run.signal, run.stderr]).toEqual([1, null, '']);
    const reports = await readReports(run.out);
    const tooLarge = reports.json.cases.filter((c) => c.failures.some((f) => f.check === 'response-size' && /response too large/.test(f.message)));
    // Every case made a request, and every answer was too large: every case that ran says so.
    expect(tooLarge.length).toBe(reports.json.cases.filter((c) => c.status !== 'skipped').length);
    expect(tooLarge.length).toBeGreaterThan(5);
    expect(run.stdout).toMatch(/response too large/);
    expect(run.peakRssMiB).toBeLessThan(PEAK_RSS_BOUND_MIB);
  }, 150_000);

  it('a small gzip body that expands to 200 MB is counted after decompression', async () => {
    const { run } = await runAgainst(hugeBody({ bytes: 200 * MiB, gzip: true }), ['--max-response-bytes', String(2 * MiB)]);
    expect([run.code, run.signal, run.stderr]).toEqual([1, null, '']);
    const reports = await readReports(run.out);
    const failures = reports.json.cases.flatMap((c) => c.failures);
    expect(failures.some((f) => f.check === 'response-size' && f.message.includes(`more than ${2 * MiB} bytes (after decompression)`))).toBe(true);
    expect(run.peakRssMiB).toBeLessThan(PEAK_RSS_BOUND_MIB);
  }, 150_000);

  it('50 MB on every answer, cut at 8 MiB: the bodies kept for the report are cut too, so memory does not grow with the run', async () => {
    const { run } = await runAgainst(hugeBody({ bytes: 50 * MiB }), ['--max-response-bytes', String(8 * MiB)]);
    expect([run.code, run.signal]).toEqual([1, null]);
    const reports = await readReports(run.out);
    expect(reports.json.totals['failed']).toBeGreaterThan(5);
    // report.json holds at most the recorded start of each body, not 8 MiB per exchange.
    expect(reports.jsonText.length).toBeLessThan(20 * MiB);
    expect(run.peakRssMiB).toBeLessThan(PEAK_RSS_BOUND_MIB);
  }, 150_000);

  it('an array nested 5,000 deep is one failed case per answer, not a crash: exit 1 with every report', async () => {
    const { run } = await runAgainst(deepJson(5000));
    expect([run.code, run.signal, run.stderr]).toEqual([1, null, '']);
    const reports = await readReports(run.out);
    const deep = reports.json.cases.flatMap((c) => c.failures).filter((f) => f.check === 'response-depth');
    expect(deep.length).toBeGreaterThan(0);
    expect(deep[0]!.message).toMatch(/nests 5000 levels deep/);
    expect(reports.all).not.toMatch(/Maximum call stack/);
  }, 150_000);
});
