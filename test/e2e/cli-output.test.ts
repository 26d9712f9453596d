/**
 * What the built CLI prints for a user's first commands: --version, an example in every --help,
 * only the address under --quiet, and a line saying --watch is watching.
 */
import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/mock-processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');

/** Starts `petstore-kit mock ...args`, waits for a line with its address, stops it; gives all it printed. */
async function startOutput(args: string[]): Promise<{ stdout: string; url: string }> {
  const child = spawn(process.execPath, [MAIN, 'mock', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      stdout += d;
      const found = /(http:\/\/127\.0\.0\.1:\d+)\s/.exec(stdout);
      if (found) resolve(found[1]!);
    });
    void exited.then((code) => reject(new Error(`mock exited ${code}: ${stderr}`)));
  });
  // One request, so that a request log line would show up before the stop.
  expect((await fetch(`${url}/pets?limit=1`, { headers: { 'X-API-Key': 'demo-pro' } })).status).toBe(200);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
  return { stdout, url };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-cli-output-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('petstore-kit for a first-time user', () => {
  it('--version and -v print the package version, exit 0', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    for (const flag of ['--version', '-v']) expect(await runCli([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  }, 60_000);

  it('every --help ends with an example of the command', async () => {
    const commands = [['--help'], ['mock', '--help'], ['contract', '--help'], ['proxy', '--help']];
    const runs = await Promise.all(commands.map((args) => runCli(args)));
    commands.forEach((args, i) => {
      expect(runs[i]!.code).toBe(0);
      const command = args.length === 1 ? ' [a-z]+' : ` ${args[0]}`;
      expect(runs[i]!.stdout, args.join(' ')).toMatch(new RegExp(`\\nexamples?[^\\n]*:\\n(\\s+.*\\n)*\\s+petstore-kit${command} --`));
    });
  }, 60_000);

  it('--quiet prints the address alone, and no line per request', async () => {
    const { stdout, url } = await startOutput(['--quiet']);
    expect(stdout).toBe(`${url}\n`);
  }, 60_000);

  it('--watch says what it watches in the banner', async () => {
    const file = join(dir, 'petstore.yaml');
    await copyFile(join(ROOT, 'spec/petstore.yaml'), file);
    const { stdout } = await startOutput(['--spec', file, '--watch']);
    expect(stdout).toContain(`  watching ${file} and the files it $refs: a save reloads the document\n`);
  }, 60_000);
});
