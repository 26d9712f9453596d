#!/usr/bin/env node
// npm run bench:proxy: where the proxy's overhead goes, in CPU time per request (user + system,
// from /proc/PID/stat), each server its own process as a user runs them, all pinned to core 0,
// the load generator on core 1. Four layouts: the mock alone; `petstore-kit proxy` in front of
// `petstore-kit mock`; a bare forwarder (no checks, bench/servers/bare-forwarder.mjs) in front
// of the mock, the floor for any Node proxy; and Prism's `prism proxy` in front of the mock. CPU time per request hardly depends on what else the
// machine runs, so this holds where the req/s of `npm run bench` swing with other load.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuSeconds } from './processes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRISM = `${ROOT}node_modules/@stoplight/prism-cli/dist/index.js`;
const KEY = 'bench-unlimited';
const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const AMOUNT = Number(args.get('requests') ?? 20_000);
// Latency without queueing: a fixed rate well under every layout's ceiling, so p99 is the time one
// request takes through the layout, not the wait behind 49 others (which follows from req/s).
const RATE = Number(args.get('rate') ?? 500);
const pinned = spawnSync('taskset', ['-p', '-c', '1', String(process.pid)]).status === 0;
const NEW_PET = JSON.stringify({ name: 'Bench', categoryId: 1 });
const WORKLOADS = {
  'GET /pets/{id}': [{ method: 'GET', path: '/pets/1' }],
  'GET /pets?limit=20': [{ method: 'GET', path: '/pets?limit=20' }],
  'POST /pets': [{ method: 'POST', path: '/pets', body: NEW_PET, headers: { 'content-type': 'application/json' } }],
};

let nextPort = 20_000 + (process.pid % 20_000);
function start(argv) {
  const port = nextPort++;
  const child = spawn(pinned ? 'taskset' : process.execPath, [...(pinned ? ['-c', '0', process.execPath] : []), ...argv(String(port))], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return { child, url: `http://127.0.0.1:${port}` };
}
async function ready({ url, child }) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a server exited ${child.exitCode}`);
    const ok = await fetch(`${url}/pets/1`, { headers: { 'x-api-key': KEY } }).then((r) => (r.arrayBuffer(), r.status === 200), () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 20));
  }
}
const stop = (s) => new Promise((resolve) => (s.child.once('exit', resolve), s.child.kill('SIGTERM')));

const mockArgv = (port) => [`${ROOT}dist/cli/main.js`, 'mock', '--port', port, '--quiet', '--config', `${ROOT}bench/bench-keys.json`];
const LAYOUTS = {
  'mock alone': [],
  'proxy + mock': [(port, upstream) => [`${ROOT}dist/cli/main.js`, 'proxy', '--upstream', upstream, '--port', port, '--quiet']],
  'bare forwarder + mock': [(port, upstream) => [`${ROOT}bench/servers/bare-forwarder.mjs`, port, upstream]],
  // No HTTP at all: the bytes relayed between sockets, the floor under any proxy.
  'tcp relay + mock': [(port, upstream) => [`${ROOT}bench/servers/tcp-relay.mjs`, port, upstream]],
  // The baseline users compare us with: Prism's validation proxy, silenced as ours is --quiet.
  'prism proxy + mock': [(port, upstream) => [PRISM, 'proxy', `${ROOT}spec/petstore.yaml`, upstream, '-p', port, '-h', '127.0.0.1', '-v', 'silent']],
};
// --only=prism: just the layouts whose name contains one of these (the mock alone always runs).
const ONLY = args.get('only')?.split(',');

const rows = [];
for (const [layout, fronts] of Object.entries(LAYOUTS)) {
  if (ONLY && fronts.length > 0 && !ONLY.some((o) => layout.includes(o))) continue;
  const mock = start(mockArgv);
  await ready(mock);
  const front = fronts.length > 0 ? start((port) => fronts[0](port, mock.url)) : undefined;
  if (front) await ready(front);
  const target = front ?? mock;
  try {
    for (const [workload, requests] of Object.entries(WORKLOADS)) {
      const load = (amount, rate) => autocannon({ url: target.url, connections: 50, amount, headers: { 'x-api-key': KEY }, requests, ...(rate ? { overallRate: rate } : {}) });
      await load(5_000); // warm up the JIT
      const before = [mock, front].map((s) => s && cpuSeconds(s.child.pid));
      const t = performance.now();
      const r = await load(AMOUNT);
      const seconds = (performance.now() - t) / 1000;
      const [mockUs, frontUs] = [mock, front].map((s, i) => s && Math.round(((cpuSeconds(s.child.pid) - before[i]) / r.requests.total) * 1e6));
      const paced = await load(RATE * 4, RATE);
      rows.push({ layout, workload, rps: Math.round(r.requests.total / seconds), p99: r.latency.p99, pacedP99: paced.latency.p99, mockUs, frontUs, non2xx: r.non2xx + paced.non2xx });
      process.stderr.write(`${layout.padEnd(22)} ${workload.padEnd(20)} mock ${mockUs} us/req${front ? `, in front ${frontUs} us/req` : ''}\n`);
    }
  } finally {
    if (front) await stop(front);
    await stop(mock);
  }
}

const lines = [`| layout | workload | req/s | p99 ms | p99 ms at ${RATE} req/s | mock CPU µs/req | proxy (or forwarder) CPU µs/req | ceiling on one core: mock / (mock + front) |`, '|---|---|---:|---:|---:|---:|---:|---:|'];
for (const r of rows) {
  const alone = rows.find((a) => a.layout === 'mock alone' && a.workload === r.workload);
  const ceiling = r.frontUs === undefined ? '' : (alone.mockUs / (r.mockUs + r.frontUs)).toFixed(2);
  lines.push(`| ${r.layout} | ${r.workload} | ${r.rps} | ${r.p99} | ${r.pacedP99} | ${r.mockUs} | ${r.frontUs ?? ''} | ${ceiling} |`);
}
if (rows.some((r) => r.non2xx > 0)) process.stdout.write('WARNING: some answers were not 2xx\n');
process.stdout.write(`${AMOUNT} requests per cell, 50 connections${pinned ? ', servers on core 0, load on core 1' : ''}\n\n${lines.join('\n')}\n`);
