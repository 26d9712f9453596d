/**
 * Real `petstore-kit mock` processes (the built CLI, `npm run build` first) on ports picked by the
 * system, for tests of several mocks sharing one Redis.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll } from 'vitest';
import { startTestRedis, type TestRedis } from './redis-server.js';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface MockProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far. */
  stderr(): string;
  stop(): Promise<number | null>;
}

/** Starts one mock and resolves with its URL once its banner names it (no polling). */
export function startMockProcess(args: string[]): Promise<MockProcess> {
  const child = spawn(process.execPath, [CLI, 'mock', '--port', '0', '--log-level', 'error', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const found = /http:\/\/(?:127\.0\.0\.1|0\.0\.0\.0):\d+/.exec(out);
      if (!found) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      resolve({
        url: found[0],
        child,
        stderr: () => err,
        stop: () => {
          if (child.exitCode !== null) return Promise.resolve(child.exitCode);
          const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`mock exited with ${code} before listening: ${err}${out}`)));
  });
}

/** Runs the CLI to its end (for start-up failures): exit code and output. */
export function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * For a test file: a test Redis and `count` mock processes on it (each given `args` and the
 * Redis URL under `prefix`), started before its tests and stopped after. The array is filled in `beforeAll`.
 */
export function useRedisMockProcesses(prefix: string, args: string[] = [], count = 2): MockProcess[] {
  const mocks: MockProcess[] = [];
  let redis: TestRedis | undefined;
  beforeAll(async () => {
    redis = await startTestRedis();
    const all = [...args, '--store', redis.url, '--store-prefix', `${prefix}-${process.pid}:`];
    mocks.push(...(await Promise.all(Array.from({ length: count }, () => startMockProcess(all)))));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(mocks.map((m) => m.stop()));
    await redis?.stop();
  });
  return mocks;
}

/** A JSON call to a mock (a process or in this one) with these headers (the body sent as JSON when given). */
export async function callJson(mock: { url: string }, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<{ status: number; headers: Headers; body: any }> {
  const all = { ...headers };
  if (body !== undefined) all['Content-Type'] = 'application/json';
  const res = await fetch(mock.url + path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** The headers of a call with a key and a session, either left out when not given. */
export function keyAndSession(options: { key?: string; session?: string }): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.key) headers['X-API-Key'] = options.key;
  if (options.session) headers['X-Mock-Session'] = options.session;
  return headers;
}
