import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const FAILING_BANNER = fileURLToPath(new URL('./children/failing-banner.mjs', import.meta.url));

interface Child {
  out: () => string;
  err: () => string;
  /** The exit code, or 'running' when `ms` passed first. */
  exit(ms: number): Promise<number | null | 'running'>;
  kill(): void;
}

const children: ReturnType<typeof spawn>[] = [];

function node(args: string[]): Child {
  const child = spawn(process.execPath, args, { env: { ...process.env, NO_COLOR: '1' } });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    out: () => out,
    err: () => err,
    exit: async (ms) => {
      let timer: NodeJS.Timeout | undefined;
      const result = await Promise.race([exited, new Promise<'running'>((resolve) => (timer = setTimeout(() => resolve('running'), ms)))]);
      clearTimeout(timer);
      return result;
    },
    kill: () => child.kill('SIGTERM'),
  };
}

async function bannerUrl(child: Child, ms: number): Promise<string> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const url = /(http:\/\/127\.0\.0\.1:\d+)\s/.exec(child.out())?.[1];
    if (url) return url;
    if ((await child.exit(25)) !== 'running' && !/http:/.test(child.out())) throw new Error(`exited: ${child.err()}`);
  }
  throw new Error(`no banner after ${ms} ms: ${child.err().slice(0, 500)}`);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-large-config-'));
});
afterAll(async () => {
  // Whatever a failed test left running.
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('a --config of 130,000 keys', () => {
  it('starts within seconds, lists the first keys and counts the rest, and serves every key', async () => {
    const keys = Array.from({ length: 130_000 }, (_, i) => ({ key: `bulk-key-${String(i).padStart(6, '0')}`, plan: 'Free' }));
    const file = join(dir, 'keys.json');
    await writeFile(file, JSON.stringify({ keys }));
    const started = performance.now();
    const mock = node([MAIN, 'mock', '--port', '0', '--config', file]);
    try {
      const url = await bannerUrl(mock, 15_000);
      const seconds = (performance.now() - started) / 1000;
      expect(seconds, 'seconds to the banner').toBeLessThan(10);
      // It used to die here, after listening: a stack overflow building the banner.
      expect(mock.err()).not.toMatch(/unexpected error|Maximum call stack/);
      for (;;) {
        if (/\.\.\. and 129980 more/.test(mock.out())) break;
        expect(await mock.exit(25)).toBe('running');
      }
      expect(mock.out()).toContain('bulk-key-000019');
      expect(mock.out()).not.toContain('bulk-key-000020');
      const last = await fetch(`${url}/pets?limit=1`, { headers: { 'X-API-Key': 'bulk-key-129999' } });
      expect(last.status).toBe(200);
    } finally {
      mock.kill();
    }
    expect(await mock.exit(10_000)).toBe(0);
  }, 40_000);

  it('refuses 20,000 keys naming no plan among 20,000 plans at once, in a message of 50 problems', async () => {
    const plans = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`plan-${i}`, { perMinute: 1, perDay: 1 }]));
    const keys = Array.from({ length: 20_000 }, (_, i) => ({ key: `bulk-key-${i}`, plan: 'no-such-plan' }));
    const file = join(dir, 'wrong.json');
    await writeFile(file, JSON.stringify({ plans, keys }));
    const mock = node([MAIN, 'mock', '--port', '0', '--config', file]);
    // Each message used to list all 20,004 plans: a minute and 3 GB, then a crash.
    expect(await mock.exit(15_000)).toBe(2);
    const lines = mock.err().trim().split('\n');
    expect(lines[0]).toMatch(/wrong\.json: invalid configuration$/);
    expect(lines[1]).toBe('  - keys[0].plan "no-such-plan" is not a plan (known: Free, Pro, Business, Enterprise, plan-0, plan-1, plan-2, plan-3, plan-4, plan-5 and 19994 more)');
    expect(lines).toHaveLength(52);
    expect(lines[51]).toBe('  - ... and 19950 more problems');
    expect(mock.out()).toBe('');
  }, 30_000);
});

describe('a start-up that fails after the mock listens', () => {
  it('stops the process with exit code 2 instead of serving on', async () => {
    const child = node([FAILING_BANNER]);
    expect(await child.exit(10_000)).toBe(2);
    expect(child.err()).toContain('petstore-kit: stdout is gone');
    expect(child.err()).not.toContain('started');
  }, 15_000);
});
