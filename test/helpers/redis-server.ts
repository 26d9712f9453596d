/**
 * A real Redis for the tests: `REDIS_URL` when set, else a `redis-server` of our own on a free
 * loopback port with persistence off, stopped when the tests end. A machine without redis-server
 * gets one clear line naming the install command (the tests fail; they are not skipped).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestRedis {
  url: string;
  /** Stops a server we started (a REDIS_URL server is left running). */
  stop(): Promise<void>;
  /** Kills our server at once, as a crash would (for outage tests); `restart()` brings it back on the same port. */
  kill(): Promise<void>;
  restart(): Promise<void>;
  /** Stops our server with SIGSTOP (connections stay open, nothing answers); `thaw()` sends SIGCONT. */
  freeze(): void;
  thaw(): void;
}

export const INSTALL_HINT = 'redis-server is not installed: apt-get install -y redis-server (or set REDIS_URL to a running Redis)';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once redis-server logs that it accepts connections (no polling, no sleeping). */
function whenReady(child: ChildProcess, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Ready to accept connections')) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`redis-server for ${url} exited with code ${code}: ${log.slice(-500)}`)));
  });
}

/**
 * `own: true` always starts a server of our own (outage tests kill it). `persist: true` keeps an
 * append-only file written before each reply (in a temporary directory), so a killed server
 * restarts with every write it acknowledged: a test can then look at what an outage left.
 */
export async function startTestRedis(options: { own?: boolean; persist?: boolean } = {}): Promise<TestRedis> {
  const given = process.env.REDIS_URL;
  if (given && !options.own) {
    const notOurs = () => {
      throw new Error('cannot signal a REDIS_URL server');
    };
    return { url: given, stop: async () => {}, kill: async () => notOurs(), restart: async () => {}, freeze: notOurs, thaw: notOurs };
  }
  if (spawnSync('redis-server', ['--version']).error) throw new Error(INSTALL_HINT);
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess;
  const persistence = options.persist ? ['--appendonly', 'yes', '--appendfsync', 'always', '--dir', mkdtempSync(join(tmpdir(), 'petstore-redis-'))] : ['--appendonly', 'no'];
  const launch = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--daemonize', 'no', '--loglevel', 'notice'], { stdio: ['ignore', 'pipe', 'ignore'] });
    await whenReady(child, url);
  };
  const kill = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    url,
    stop: kill,
    kill,
    restart: launch,
    freeze: () => void child.kill('SIGSTOP'),
    thaw: () => void child.kill('SIGCONT'),
  };
}
