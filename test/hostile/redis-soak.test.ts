/**
 * The hostile soak through two processes on one Redis (issue 12), bounded: scripts/soak.mjs
 * --redis starts its own redis-server, a mock in its process and a second one from the built CLI
 * (`npm run build` first), spreads 2,000 hostile requests over both and checks every answer, the
 * store invariants and both processes' health. `npm run soak -- --redis` is the long run.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const SOAK = fileURLToPath(new URL('../../scripts/soak.mjs', import.meta.url));

describe('the hostile soak through two processes on one Redis', () => {
  it('ends with 0 crashes, 0 bad error bodies, 0 5xx and 0 invariant violations, answers from both processes', async () => {
    const run = await soak(['--requests=2000', '--max-seconds=60', '--journal-requests=500']);
    // A soak that could not start says why on stderr (no redis-server, no build): that line is the failure.
    expect(run.code, `soak exited ${run.code}: ${run.stderr.trim()}`).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines.at(-1), run.stdout + run.stderr).toBe('0 crashes, 0 bad error bodies, 0 5xx, 0 invariant violations');
    const [a, b] = /answers per process: (\d+) \+ (\d+)/.exec(run.stdout)!.slice(1).map(Number);
    expect(Math.min(a!, b!)).toBeGreaterThan(500);
    expect(run.stdout).toMatch(/0 answers missing/);
  }, 120_000);

  it('says in one line that redis-server is missing, and exits 2, on a machine without it', async () => {
    const run = await soak(['--requests=10'], { PATH: '/nonexistent' });
    expect(run).toMatchObject({ code: 2, stdout: '', stderr: 'soak: --redis: redis-server is not installed: apt-get install -y redis-server (or pass --store=redis://HOST:PORT)\n' });
  });
});

async function soak(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const options = { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...env } };
  return promisify(execFile)(process.execPath, ['--expose-gc', SOAK, '--redis', ...args], options).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}
