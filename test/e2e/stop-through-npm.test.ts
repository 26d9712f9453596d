/**
 * Stopping the kit started as a user starts it, through npm: `npm start` in a clone and
 * `npx petstore-kit proxy` in a project that installed the package, then SIGTERM to the pid the
 * shell got (`kill -TERM $!`). npm passes the signal to its `sh -c` only, and Debian's dash dies
 * without passing it on (docs/decisions/053-stopping-through-npm.md). Each child gets a process
 * group of its own, so that whatever a failing run leaves behind is killed after the test.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/http/start-mock.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const KEY = 'demo-enterprise';

interface NpmRun {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves when npm has exited and every process holding its output has closed it. */
  closed: Promise<void>;
  exited: Promise<number | null>;
}

/** Runs `command args` as `kill -TERM $!` would see it, and resolves once the output names a URL. */
function startThroughNpm(command: string, args: string[], cwd: string): Promise<NpmRun> {
  const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  groups.push(child.pid!);
  let output = '';
  const collect = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = () => {
      const found = /\n\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!found) return;
      child.stdout!.off('data', onData);
      resolve({ child, url: found[1]!, output: () => output, closed, exited });
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => reject(new Error(`${command} exited ${code} before listening: ${output}`)));
  });
}

/** Whether something accepts connections on the URL's port. */
function listening(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const groups: number[] = [];
let upstream: Awaited<ReturnType<typeof startMock>>;
let project: string;
beforeAll(async () => {
  upstream = await startMock({ quiet: true });
  // A user's project with the package installed: npm links the bin and makes it executable.
  project = await mkdtemp(join(tmpdir(), 'petstore-npx-'));
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'user-project', version: '1.0.0', private: true }));
  await promisify(execFile)('npm', ['install', '--offline', '--no-save', '--no-package-lock', '--ignore-scripts', '--no-audit', '--no-fund', ROOT], { cwd: project });
}, 120_000);
afterAll(async () => {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // the group has already ended: nothing was left behind
    }
  }
  await upstream?.close();
  await rm(project, { recursive: true, force: true });
});

describe('SIGTERM to npm stops the kit it started', () => {
  it('npm start: npm exits 0 only after the mock has stopped, and the port is free for the next start', async () => {
    const run = await startThroughNpm('npm', ['start', '--', '--port', '0'], ROOT);
    expect(await listening(run.url)).toBe(true);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(await listening(run.url)).toBe(false);
    await run.closed;
    expect(run.output()).toContain('SIGTERM: finishing in-flight requests and stopping');
  }, 60_000);

  it('npx petstore-kit proxy: the proxy stops, frees its port, and writes its reports and HAR', async () => {
    const out = join(project, 'report');
    const run = await startThroughNpm('npx', ['--offline', 'petstore-kit', 'proxy', '--upstream', upstream.url, '--port', '0', '--reporter', 'json', '--reporter', 'junit', '--out', out, '--record', join(out, 'traffic.har')], project);
    expect((await fetch(`${run.url}/pets?limit=2`, { headers: { 'X-API-Key': KEY } })).status).toBe(200);
    run.child.kill('SIGTERM');
    await run.closed; // the proxy held npm's output: closed means it has exited too
    expect(await listening(run.url)).toBe(false);
    expect(run.output()).toContain('npm stopped (its shell exited): writing the reports and stopping');
    expect(run.output()).toContain('1 exchanges, 0 violating the document');
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.totals).toMatchObject({ failed: 0 });
    expect(await readFile(join(out, 'junit.xml'), 'utf8')).toContain('<testsuites');
    expect(JSON.parse(await readFile(join(out, 'traffic.har'), 'utf8')).log.entries).toHaveLength(1);
  }, 60_000);
});
