#!/usr/bin/env node
/**
 * The first step of `npm test`: brings what the tests need and npm cannot install.
 *
 * The shared-state tests run a real `redis-server` of their own (Debian's package). When it is
 * missing and `REDIS_URL` does not name a running Redis, this installs it where it can (root, or
 * passwordless sudo, on a Debian-like system with apt-get), as `.ci/run` does; where it cannot, it
 * stops the test run with one line naming what to install. It never lets the tests start without
 * it: a silent skip would report a green run that tested nothing of the shared state.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const NAME = 'test-prerequisites';
const HINT =
  'npm test needs redis-server for the shared-state tests: install it (Debian/Ubuntu: sudo apt-get install -y redis-server; macOS: brew install redis) or set REDIS_URL to a running Redis';

function has(command, args = ['--version']) {
  const run = spawnSync(command, args, { stdio: 'ignore' });
  return !run.error && run.status === 0;
}

function fail(line) {
  process.stderr.write(`${NAME}: ${line}\n`);
  process.exit(1);
}

/** The prefix that runs a command as root without asking for a password, or undefined. */
function asRoot() {
  if (typeof process.getuid === 'function' && process.getuid() === 0) return [];
  if (has('sudo', ['-n', 'true'])) return ['sudo', '-n'];
  return undefined;
}

function run(prefix, argv) {
  const [command, ...rest] = [...prefix, ...argv];
  const result = spawnSync(command, rest, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return !result.error && result.status === 0;
}

function ensureRedis() {
  if (process.env.REDIS_URL) return;
  if (has('redis-server')) return;
  const debian = existsSync('/etc/debian_version') && has('apt-get', ['--version']);
  const prefix = asRoot();
  if (!debian || !prefix) fail(HINT);
  process.stdout.write(`${NAME}: redis-server is missing; installing Debian's package (apt-get install redis-server)\n`);
  if (!run(prefix, ['apt-get', 'update', '-q'])) fail(`apt-get update failed. ${HINT}`);
  if (!run(prefix, ['apt-get', 'install', '-y', '-q', '--no-install-recommends', 'redis-server'])) {
    fail(`apt-get install redis-server failed. ${HINT}`);
  }
  if (!has('redis-server')) fail(`redis-server is still not on the PATH after installing it. ${HINT}`);
  process.stdout.write(`${NAME}: redis-server installed\n`);
}

ensureRedis();
