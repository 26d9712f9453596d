import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');

export interface ProxyProcess {
  url: string;
  pid: number;
  /** SIGTERM, then the exit status. */
  stop(): Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** Resident and peak resident memory of the proxy process, in MB (from /proc). */
  memory(): { rssMb: number; peakMb: number };
}

/** The built CLI's `proxy` in front of `upstream` on a free port, with `nodeArgs` for node itself (say, a small heap). */
export async function startProxyProcess(upstream: string, args: string[], nodeArgs: string[] = []): Promise<ProxyProcess> {
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, MAIN, 'proxy', '--upstream', upstream, '--port', '0', ...args], { cwd: ROOT });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /\n\s+http:\/\/(?:127\.0\.0\.1|0\.0\.0\.0):(\d+)/.exec(stdout);
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    void exit.then((code) => reject(new Error(`proxy exited ${code}: ${stdout}${stderr}`)));
  });
  return {
    url,
    pid: child.pid!,
    stop: async () => (child.kill('SIGTERM'), exit),
    stdout: () => stdout,
    stderr: () => stderr,
    memory: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
      return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
    },
  };
}

/** A small upstream on a free loopback port. */
export async function startUpstream(handler: RequestListener): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}
