import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { directoryIds, sample } from '../../bench/sweep/sample.mjs';

const run = promisify(execFile);
const SWEEP = new URL('../../bench/sweep/sweep.mjs', import.meta.url).pathname;

describe('npm run sweep (INTERFACE section 15)', () => {
  it('draws the same sample for the same seed from the directory\'s ~2,640 documents', () => {
    const ids = directoryIds();
    expect(ids.length).toBeGreaterThan(2600);
    expect(ids).toContain('amazonaws.com/acm');
    expect(sample(ids, 20, 7)).toEqual(sample(ids, 20, 7));
    expect(sample(ids, 20, 7)).not.toEqual(sample(ids, 20, 8));
    expect(new Set(sample(ids, 500, 2026)).size).toBe(500);
  });

  it('starts the mock of a real document, runs the runner on it and prints one line and the summary', async () => {
    const { stdout } = await run('node', [SWEEP, '--only', '^1password\\.com/events$', '--jobs', '1'], { timeout: 110_000 });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^sweep of 1 of 1 documents \(seed 1/);
    expect(lines[1]).toMatch(/^clean +1password\.com\/events; started in [\d.]+ s, 5 operations; runner 17\/19 passed, 0 failed, 0 errors, 2 skipped; answers 17\/17 conform/);
    expect(lines[2]).toBe('sweep: 1/1 start (100.0 %); 1/1 runner clean on own mock (100.0 %); 17/17 answers conform (100.0 %)');
  }, 120_000);

  it('refuses a bad flag with exit 2 and its usage', async () => {
    const error = await run('node', [SWEEP, '--jobs', '8']).catch((e) => e);
    expect(error.code).toBe(2);
    expect(error.stderr).toMatch(/--jobs 1\|2/);
  });
});
