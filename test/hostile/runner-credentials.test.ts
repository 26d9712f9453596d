import { describe, expect, it } from 'vitest';
import { CATEGORY_RUN, STAGING_KEY, crossOriginLinks, echoKeys, readReports, runCli, useTargets } from '../helpers/hostile-targets.js';

/*
 * What a CI user running the built CLI with a real staging key gets from a target that tries to
 * take the key elsewhere or prints it back: the key never reaches another listener, and no report
 * file or console line shows it.
 */
const target = useTargets();

describe('the runner against a target that points elsewhere', () => {
  it('never sends the key to another origin named by Location, Link or a redirect, and reports link-origin', async () => {
    const foreign = await target((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const hostile = await target(crossOriginLinks(foreign.url));
    const run = await runCli(['--base-url', hostile.url, '--api-key', STAGING_KEY, '--readonly-key', `${STAGING_KEY}-ro`, ...CATEGORY_RUN]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    // Not a single request: the key cannot leak through a request that is never made.
    expect(foreign.seen).toEqual([]);
    expect(hostile.seen.length).toBeGreaterThan(5);
    // The target did offer a redirect (it answers every DELETE with a 307 to the other listener).
    expect(hostile.seen.some((r) => r.method === 'DELETE')).toBe(true);
    const reports = await readReports(run.out);
    const findings = reports.json.cases.flatMap((c) => c.failures.filter((f) => f.check === 'link-origin'));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings[0]!.message).toContain(foreign.url);
    expect(reports.jsonText).toContain(`"expected": "${hostile.url}"`);
    expect(reports.all).not.toContain(STAGING_KEY);
    expect(run.stdout).not.toContain(STAGING_KEY);
  });
});

describe('the runner against a target that echoes the key', () => {
  it('masks the key in every report and on the console, in bodies, headers, header names and messages', async () => {
    const echo = await target(echoKeys());
    const run = await runCli(['--base-url', echo.url, '--api-key', STAGING_KEY, ...CATEGORY_RUN]);
    expect(run.code).toBe(1);
    // The target did get the key (the runner must send it), so the reports had it to leak.
    expect(echo.seen.some((r) => r.headers['x-api-key'] === STAGING_KEY)).toBe(true);
    const reports = await readReports(run.out);
    expect(reports.all).toContain('stg-…3N');
    for (const text of [reports.jsonText, reports.junit, reports.html, run.stdout]) {
      expect(text).not.toContain(STAGING_KEY);
      expect(text.toLowerCase()).not.toContain(STAGING_KEY.toLowerCase());
      expect(text).not.toContain(encodeURIComponent(STAGING_KEY));
    }
  });
});

describe('--base-url with credentials in it', () => {
  it('is refused with exit 2 and a message that does not print the password', async () => {
    const run = await runCli(['--base-url', 'http://ci-user:s3cret-Passw0rd@127.0.0.1:9/', '--api-key', STAGING_KEY]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--base-url must not carry credentials/);
    expect(run.stderr).not.toContain('s3cret-Passw0rd');
    expect(run.stderr).not.toContain('ci-user');
    expect(run.stdout).toBe('');
  });
});
