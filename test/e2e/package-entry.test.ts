import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

describe("import { startMock, runContract } from 'petstore-kit'", () => {
  it('works by package name from the built package: a mock on port 0, a contract run against it, close()', async () => {
    const script = `
      import { startMock, runContract } from 'petstore-kit';
      const mock = await startMock({ port: 0, seed: 3 });
      const res = await fetch(mock.url + '/categories/1', { headers: { 'X-API-Key': 'demo-pro' } });
      const summary = await runContract({ baseUrl: mock.url, apiKey: 'demo-enterprise', operations: ['getCategoryById'] });
      await mock.admin.reset();
      await mock.close();
      console.log(JSON.stringify({ url: mock.url, status: res.status, cases: summary.totals.cases, failed: summary.totals.failed }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT });
    const out = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(out.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(out.status).toBe(200);
    expect(out.cases).toBeGreaterThan(3);
    expect(out.failed).toBe(0);
  });
});
