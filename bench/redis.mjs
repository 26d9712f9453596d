#!/usr/bin/env node
// The Redis rows of `npm run bench` (issue 12): GET /pets/{id} on one mock process with
// `--store redis://...` against the in-memory mock (ratio and p99 at 50 connections), then two
// mock processes on one Redis behind two load generators at once (25 connections each, summed).
// Starts its own redis-server (free loopback port, persistence off); without one installed it
// prints one line and the rows are skipped. Also runs alone: `node bench/redis.mjs --duration=3`
// (after `npm run build`). Redis commands per request come from INFO commandstats.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { freePort, median, stopChild } from './processes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'bench-unlimited';
const CONNECTIONS = 50;
const INSTALL_HINT = 'redis-server is not installed: apt-get install -y redis-server; the Redis rows are skipped';

/** Spawns under `taskset -c <cores>` when the bench pins (server on core 0, load on core 1). */
function spawnOn(cores, cmd, argv) {
  const pinned = cores !== undefined && spawnSync('taskset', ['-c', cores, 'true']).status === 0;
  return spawn(pinned ? 'taskset' : cmd, pinned ? ['-c', cores, cmd, ...argv] : argv, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
}

async function startRedis(cores) {
  const port = await freePort();
  const child = spawnOn(cores, 'redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning']);
  const url = `redis://127.0.0.1:${port}`;
  await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}`)));
    const poll = () => {
      const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
      if (ping.stdout?.trim() === 'PONG') resolve();
      else setTimeout(poll, 20);
    };
    poll();
  });
  child.stdout.resume();
  child.stderr.resume();
  return { url, port, child };
}

async function startMock(cores, extra = []) {
  const port = await freePort();
  const child = spawnOn(cores, process.execPath, [`${ROOT}dist/cli/main.js`, 'mock', '--port', String(port), '--quiet', '--config', `${ROOT}bench/bench-keys.json`, ...extra]);
  child.stdout.resume();
  child.stderr.resume();
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mock ${extra.join(' ')} exited ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/pets/1`, { headers: { 'X-API-Key': KEY } });
      await res.arrayBuffer();
      if (res.status === 200) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  return { url, child };
}

const stop = stopChild;

async function load(url, duration, connections = CONNECTIONS) {
  const r = await autocannon({ url, connections, duration, headers: { 'x-api-key': KEY }, requests: [{ method: 'GET', path: '/pets/1' }] });
  return { rps: r.requests.average, total: r.requests.total, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/** Total Redis commands served so far (EVALSHA, MULTI, ... each count one). */
function redisCommands(port) {
  const out = spawnSync('redis-cli', ['-p', String(port), 'info', 'commandstats'], { encoding: 'utf8' }).stdout ?? '';
  let total = 0;
  const by = {};
  for (const m of out.matchAll(/^cmdstat_(\w+(?:\|\w+)?):calls=(\d+)/gm)) {
    by[m[1]] = Number(m[2]);
    total += Number(m[2]);
  }
  return { total, by };
}

const summary = (rs) => ({ rps: Math.round(median(rs.map((r) => r.rps))), p50: median(rs.map((r) => r.p50)), p99: median(rs.map((r) => r.p99)), non2xx: rs.reduce((a, r) => a + r.non2xx + r.errors, 0) });

/**
 * Runs the rows: `pinned` puts the mocks on core 0 and Redis with the load generator on core 1.
 * Returns undefined (after one line on stderr) when redis-server is not installed.
 */
export async function redisRows({ duration = 3, rounds = 3, pinned = false, log = (line) => process.stderr.write(`${line}\n`) } = {}) {
  if (spawnSync('redis-server', ['--version']).error) {
    log(INSTALL_HINT);
    return undefined;
  }
  const redis = await startRedis(pinned ? '1' : undefined);
  const servers = [];
  try {
    const memory = await startMock(pinned ? '0' : undefined);
    const onRedis = await startMock(pinned ? '0' : undefined, ['--store', redis.url, '--store-prefix', 'bench:']);
    // The two-process row: both mocks may use both cores (the load generator and Redis share them).
    const pair = [await startMock(pinned ? '0,1' : undefined, ['--store', redis.url, '--store-prefix', 'bench2:']), await startMock(pinned ? '0,1' : undefined, ['--store', redis.url, '--store-prefix', 'bench2:'])];
    servers.push(memory, onRedis, ...pair);
    for (const s of [memory, onRedis]) await load(s.url, 1); // warm up the JIT
    await Promise.all(pair.map((s) => load(s.url, 1, CONNECTIONS / 2)));
    const samples = { memory: [], redis: [], pair: [] };
    let perRequest;
    for (let round = 1; round <= rounds; round++) {
      samples.memory.push(await load(memory.url, duration));
      const before = redisCommands(redis.port);
      const one = await load(onRedis.url, duration);
      const after = redisCommands(redis.port);
      perRequest = Math.round(((after.total - before.total - 2) / one.total) * 100) / 100;
      samples.redis.push(one);
      const both = await Promise.all(pair.map((s) => load(s.url, duration, CONNECTIONS / 2)));
      samples.pair.push({ rps: both[0].rps + both[1].rps, p50: Math.max(both[0].p50, both[1].p50), p99: Math.max(both[0].p99, both[1].p99), non2xx: both[0].non2xx + both[1].non2xx, errors: both[0].errors + both[1].errors });
      for (const [name, list] of Object.entries(samples)) {
        const r = list.at(-1);
        log(`round ${round} GET /pets/{id} ${name.padEnd(6)} ${Math.round(r.rps)} req/s p99 ${r.p99} ms${r.non2xx || r.errors ? ` non2xx ${r.non2xx} errors ${r.errors}` : ''}`);
      }
    }
    const rows = { memory: summary(samples.memory), redis: summary(samples.redis), pair: summary(samples.pair) };
    return { ...rows, ratio: Math.round((rows.redis.rps / rows.memory.rps) * 100) / 100, pairRatio: Math.round((rows.pair.rps / rows.memory.rps) * 100) / 100, commandsPerRequest: perRequest };
  } finally {
    await Promise.all(servers.map((s) => stop(s.child)));
    await stop(redis.child);
  }
}

/** The Markdown lines for bench/README.md. */
export function redisLines(r) {
  if (!r) return ['Redis rows skipped: redis-server is not installed (apt-get install -y redis-server).'];
  return [
    '',
    '| GET /pets/{id}, 50 connections | req/s | p50 ms | p99 ms | x in-memory |',
    '|---|---:|---:|---:|---:|',
    `| ours, in memory | ${r.memory.rps} | ${r.memory.p50} | ${r.memory.p99} | 1 |`,
    `| ours, one process on Redis | ${r.redis.rps} | ${r.redis.p50} | ${r.redis.p99} | ${r.ratio} |`,
    `| ours, two processes on one Redis (2 x 25 connections, summed; worst p99) | ${r.pair.rps} | ${r.pair.p50} | ${r.pair.p99} | ${r.pairRatio} |`,
    '',
    `Redis commands per request on one process: ${r.commandsPerRequest}${r.memory.non2xx + r.redis.non2xx + r.pair.non2xx ? `; non-2xx or errors: ${r.memory.non2xx + r.redis.non2xx + r.pair.non2xx}` : ''}`,
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
  const pinned = spawnSync('taskset', ['-p', '-c', '1', String(process.pid)]).status === 0;
  const rows = await redisRows({ duration: Number(args.get('duration') ?? 3), rounds: Number(args.get('rounds') ?? 3), pinned });
  process.stdout.write(`${redisLines(rows).join('\n')}\n`);
}
