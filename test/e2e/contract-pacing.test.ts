/**
 * The built CLI's runner against a real mock process: it paces itself under the key's rate limit
 * (meeting no 429), and it stops at once, exit 2, on a credential every request refuses.
 * Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { REFUSALS_TO_STOP } from '../../src/contract/credential-refusal.js';
import { maskKey } from '../../src/rate-limit/key-registry.js';
import { runContract } from '../helpers/contract-cli.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

async function admin(mock: MockProcess, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${mock.url}/__admin${path}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  return response.json();
}

describe('the runner paces itself under the key\'s rate limit', () => {
  let mock: MockProcess;
  let out: string;
  beforeAll(async () => {
    mock = await startMockProcess([]);
    out = await mkdtemp(join(tmpdir(), 'pacing-'));
  });
  afterAll(async () => {
    await mock.stop();
    await rm(out, { recursive: true, force: true });
  });

  it('meets no 429 with demo-pro (300 a minute) over the default phases, which send about 900 requests', async () => {
    // The mock's clock stands at 2 s before a minute ends, so each window the run uses up resets
    // "in 2 s"; when the runner says it is waiting for that, the test turns the mock's minute.
    await admin(mock, 'POST', '/clock', { set: '2030-01-01T00:00:58Z' });
    const turns: Promise<unknown>[] = [];
    const run = await runContract(['--base-url', mock.url, '--api-key', 'demo-pro', '--reporter', 'console', '--reporter', 'json', '--out', out], (line) => {
      if (/… waiting .*: pacing /.test(line)) turns.push(admin(mock, 'POST', '/clock', { advanceSeconds: 60 }));
    });
    await Promise.all(turns);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary;
    const statuses = report.cases.flatMap((c) => c.exchanges.map((e) => e.response.status));
    expect(statuses.length).toBeGreaterThan(600);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(report.waitedMs).toBe(0);
    expect(turns.length).toBeGreaterThanOrEqual(2);
    expect(report.pacedMs).toBeGreaterThan(0);
    expect(report.totals).toMatchObject({ errors: 0, failed: 0 });
    expect(run.stdout).toMatch(/Time {6}.*: .* sending, .* pacing, 0 ms waiting on 429s/);
    expect(run.code).toBe(0);
  }, 300_000);
});

describe('the runner stops on a credential every request refuses', () => {
  let mock: MockProcess;
  beforeAll(async () => {
    mock = await startMockProcess([]);
  });
  afterAll(async () => {
    await mock.stop();
  });

  it(`exits 2 with one line after ${REFUSALS_TO_STOP} refusals, having sent the target a handful of requests`, async () => {
    const run = await runContract(['--base-url', mock.url, '--api-key', 'wrong-key']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('petstore-kit contract: every request with the given credential answered 401: check --api-key / --auth-basic / --header\n');
    const seen = (await admin(mock, 'GET', '/requests')) as { status: number; key: string | null }[];
    // The probe, the refused requests, and the few keyless negative cases planned between them.
    expect(seen.length).toBeLessThanOrEqual(REFUSALS_TO_STOP + 5);
    // The run's own key, as the journal masks it; the wrong-credential case of ignored_auth sends another.
    expect(seen.filter((r) => r.key === maskKey('wrong-key') && r.status === 401)).toHaveLength(REFUSALS_TO_STOP);
  }, 120_000);

  it('runs on when the credential is good (a keyless 401 case does not count)', async () => {
    const run = await runContract(['--base-url', mock.url, '--api-key', 'demo-enterprise', '--operation', 'listPets', '--phases', 'examples,negative']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  }, 120_000);
});
