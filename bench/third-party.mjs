#!/usr/bin/env node
// Issue 10's bench row: a CRUD read on a third-party document, next to ours on GET /pets/{id}.
// Starts `petstore-kit mock` twice (the bundled Petstore, and the Museum API of the corpus, whose
// events have uuid ids and a crud:read), interleaved, 50 connections, and reports req/s and the
// ratio (goal: the third-party read within 10 % of the Petstore read), and the same ratio from each
// server's CPU time per request (Petstore's / third-party's, so above 1 is faster). Called from run.mjs;
// runnable alone: `node bench/third-party.mjs --duration=3 --rounds=3` (after `npm run build`).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { cpuSeconds, freePort, median, stopChild } from './processes.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const KEY = 'bench-unlimited';
const CONNECTIONS = 50;
const CONFIG = ['--config', `${ROOT}bench/bench-keys.json`, '--auth', 'known-keys'];
const BASIC = `Basic ${Buffer.from(`bench:${KEY}`).toString('base64')}`;

/** The Petstore read, and the third-party one: the item is a seeded record found through the list. */
const TARGETS = {
  'petstore GET /pets/{id}': { args: [], headers: { 'x-api-key': KEY }, item: async () => '/pets/1' },
  'museum GET /special-events/{eventId}': {
    args: ['--spec', `${ROOT}test/fixtures/documents/museum/openapi.yaml`],
    headers: { authorization: BASIC },
    item: async (url, headers) => {
      const list = await (await fetch(`${url}/special-events`, { headers })).json();
      return `/special-events/${list[0].eventId}`;
    },
  },
};

async function start(name, pinned) {
  const target = TARGETS[name];
  const port = await freePort();
  const argv = [`${ROOT}dist/cli/main.js`, 'mock', '--port', String(port), '--quiet', ...CONFIG, ...target.args];
  const child = spawn(pinned ? 'taskset' : process.execPath, pinned ? ['-c', '0', process.execPath, ...argv] : argv, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited ${child.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`${url}/__admin/operations`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 10));
  }
  const path = await target.item(url, target.headers);
  const check = await fetch(`${url}${path}`, { headers: target.headers });
  await check.arrayBuffer();
  if (check.status !== 200) throw new Error(`${name}: GET ${path} answered ${check.status}`);
  return { name, url, path, headers: target.headers, child };
}

const stop = (server) => stopChild(server.child);


/**
 * `rounds` rounds, each running both servers for `duration` seconds back to back (in alternating
 * order, so a drift in the machine's speed favours neither); the ratios are the medians of each
 * round's own ratio, third-party / Petstore, which cancels the swings between rounds (this
 * machine's speed moves by half within minutes) that a ratio of two medians keeps.
 */
export async function thirdPartyRead({ duration = 3, rounds = 3, pinned = false, log = () => {} } = {}) {
  const servers = [];
  try {
    for (const name of Object.keys(TARGETS)) servers.push(await start(name, pinned));
    const samples = Object.fromEntries(servers.map((s) => [s.name, []]));
    const cpu = Object.fromEntries(servers.map((s) => [s.name, []]));
    const ratios = [];
    const cpuRatios = [];
    const run = (s, seconds) => autocannon({ url: s.url, connections: CONNECTIONS, duration: seconds, headers: s.headers, requests: [{ method: 'GET', path: s.path }] });
    for (const s of servers) await run(s, 2); // warm up the JIT
    for (let round = 1; round <= rounds; round++) {
      const measured = {};
      for (const s of round % 2 === 1 ? servers : [...servers].reverse()) {
        const before = cpuSeconds(s.child.pid);
        const r = await run(s, duration);
        const after = cpuSeconds(s.child.pid);
        if (r.non2xx > 0 || r.errors > 0) throw new Error(`${s.name}: ${r.non2xx} answers not 2xx, ${r.errors} errors`);
        const us = before === undefined ? undefined : ((after - before) / r.requests.total) * 1e6;
        measured[s.name] = { rps: r.requests.average, us };
        samples[s.name].push(r.requests.average);
        if (us !== undefined) cpu[s.name].push(us);
        log(`round ${round} ${s.name.padEnd(38)} ${Math.round(r.requests.average)} req/s p99 ${r.latency.p99} ms${us === undefined ? '' : `, ${us.toFixed(1)} us CPU/req`}\n`);
      }
      const [petstore, third] = Object.keys(TARGETS).map((name) => measured[name]);
      ratios.push(third.rps / petstore.rps);
      // CPU per request (from /proc): the Petstore's over the third party's, so above 1 is faster.
      if (petstore.us && third.us) cpuRatios.push(petstore.us / third.us);
    }
    const rps = Object.fromEntries(Object.entries(samples).map(([name, xs]) => [name, Math.round(median(xs))]));
    const [petstore, third] = Object.keys(TARGETS);
    const usPerRequest = Object.fromEntries(Object.entries(cpu).filter(([, xs]) => xs.length > 0).map(([name, xs]) => [name, Math.round(median(xs) * 10) / 10]));
    const round2 = (x) => Math.round(x * 100) / 100;
    return {
      rps,
      ratio: round2(median(ratios)),
      roundRatios: ratios.map(round2),
      usPerRequest,
      cpuRatio: cpuRatios.length > 0 ? round2(median(cpuRatios)) : undefined,
      // Best of the rounds: interference only ever slows a round, so each server's fastest round is
      // the nearest to what its read costs (timeit's reasoning). Printed beside the medians.
      bestRatio: round2(Math.max(...samples[third]) / Math.max(...samples[petstore])),
      bestCpuRatio: cpu[petstore].length > 0 && cpu[third].length > 0 ? round2(Math.min(...cpu[petstore]) / Math.min(...cpu[third])) : undefined,
      paths: Object.fromEntries(servers.map((s) => [s.name, s.path])),
    };
  } finally {
    await Promise.all(servers.map(stop));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
  const result = await thirdPartyRead({ duration: Number(args.get('duration') ?? 3), rounds: Number(args.get('rounds') ?? 3), log: (l) => process.stderr.write(l) });
  process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
}
