/**
 * `petstore-kit mock --watch` as a user runs it (the built CLI, `npm run build` first): what it
 * prints on a good and a bad reload, and that stopping it closes the watcher. Every wait is for
 * the process's own output or exit, with a bounded deadline.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchedDocument } from '../helpers/watched-document.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-watch-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Resolves once `text()` matches `pattern` (checked on each chunk of output); rejects at the deadline or on exit. */
function outputMatching(child: ChildProcess, text: () => string, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const found = pattern.exec(text());
      if (!found) return;
      done();
      resolve(found);
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`exited ${code} before printing ${pattern}: ${text()}`));
    };
    const deadline = setTimeout(() => {
      done();
      reject(new Error(`no ${pattern} within 10 s: ${text()}`));
    }, 10_000);
    const done = () => {
      clearTimeout(deadline);
      child.stdout!.off('data', check);
      child.stderr!.off('data', check);
      child.off('exit', onExit);
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', onExit);
    check();
  });
}

describe('petstore-kit mock --watch', () => {
  it('prints the new behaviour list on a good reload, the file and reason on a bad one, and stops cleanly', async () => {
    const document = watchedDocument(dir);
    await document.write({ owners: false });
    const child = spawn(process.execPath, [MAIN, 'mock', '--port', '0', '--spec', document.file, '--watch', '--log-level', 'error'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const [url] = await outputMatching(child, () => out, /http:\/\/127\.0\.0\.1:\d+/);

      await document.write({ owners: true });
      await outputMatching(child, () => out, /petstore-kit: reloaded .*api\.yaml: 6 operations\nOperations \(behaviour chosen at load; also GET \/__admin\/operations\):\n(  .*\n)*  GET \/owners\s+crud:list\s+owners\n/);
      expect((await fetch(`${url}/owners`)).status).toBe(200);

      await document.write({ owners: false, raw: 'openapi: 3.0.3\npaths: [\n' });
      await outputMatching(child, () => err, /petstore-kit: reload failed \(still serving the previous document\): .*api\.yaml: is not valid YAML at line \d+/);
      expect((await fetch(`${url}/owners`)).status).toBe(200);

      await document.write({ owners: false });
      await outputMatching(child, () => out, /reloaded .*api\.yaml: 3 operations/);
      expect((await fetch(`${url}/owners`)).status).toBe(404);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('closes the watcher with the mock: a program that closes it ends by itself', async () => {
    const document = watchedDocument(join(dir, 'closing'));
    await document.write({ owners: false });
    const script = `const { startMock } = await import(${JSON.stringify(join(ROOT, 'dist/http/start-mock.js'))});
      const mock = await startMock({ specFile: ${JSON.stringify(document.file)}, watch: true });
      await mock.close();
      console.log('closed');`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    // An open fs.watch handle would keep the process alive: the deadline would reject.
    const code = await new Promise<number | null>((resolve, reject) => {
      const deadline = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`still running 10 s after close(): ${out}`));
      }, 10_000);
      child.once('exit', (c) => {
        clearTimeout(deadline);
        resolve(c);
      });
    });
    expect(code).toBe(0);
    expect(out).toContain('closed');
  });
});
