#!/usr/bin/env node
// npm run soak: at least 100,000 hostile requests against the mock, bounded in count and time.
// The mock runs in this process, on 127.0.0.1, from dist (npm run soak builds first); the load
// comes from a worker thread, so server and load generator each get a core. Every answer is
// checked (no 5xx, errors are the Error object with status = HTTP status, no stack or server
// path in a body); every few seconds the store invariants of every live session are checked
// and Object.prototype is looked at; RSS is sampled throughout.
//
//   npm run soak -- --requests=100000 --concurrency=48 --max-seconds=300 --seed=1 --journal-requests=200000
//
// Then the journal case: GETs with 8 KB query strings over 20 sessions, the heap measured after a
// full GC once 1,000 are answered and again after --journal-requests more (default 200,000); it
// must grow by less than 8 MB (each session keeps its last 1,000 requests, about 150 bytes each).
//
// With --redis (or --store=redis://...), two mock processes share one Redis (issue 12): the one in
// this process and a second one spawned from the built CLI with the same config; every load
// connection goes to one of the two in turn. --redis starts a redis-server of its own (free port,
// persistence off). The second process counts as a crash if it exits or logs an internal error.
//
//   npm run soak -- --redis --requests=100000
//
// Prints, last, exactly: `<n> crashes, <n> bad error bodies, <n> 5xx, <n> invariant violations`.
// Exit code 0 only when all four are 0, no answer went missing and the count was reached.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const MiB = 1024 * 1024;
const LEAK = /\bat\s+\S+\s+\(|\bat\s+(file:|node:|\/)|\.(ts|js|mjs|cjs):\d+|\/work\/|\/src\/|node_modules|file:\/\//;
const ERROR_FIELDS = new Set(['code', 'message', 'status', 'details']);
const SESSIONS = 1_000;
const SESSION_CAP = 200;
const KEYS = Array.from({ length: 100 }, (_, i) => `soak-key-${String(i).padStart(3, '0')}-c0ffee`);
const LOW_KEYS = Array.from({ length: 10 }, (_, i) => `soak-low-${i}-5per-minute`);

// main() installs crash counters on unhandled rejections; a start-up failure (no redis-server, no
// build) must not be counted as one and exit 0 silently: it gets one line and exit 2.
if (isMainThread) await main().catch((error) => {
  process.stderr.write(`soak: ${error?.message ?? String(error)}\n`);
  process.exit(2);
});
else if (workerData.mode === 'journal') await sendLongQueries(workerData);
else await generateLoad(workerData);

// ---------------------------------------------------------------------------------------------
// The server side: the mock, the monitors, the report.

async function main() {
  const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
  const target = Number(args.get('requests') ?? 100_000);
  const concurrency = Number(args.get('concurrency') ?? 48);
  const maxSeconds = Number(args.get('max-seconds') ?? 300);
  const seed = Number(args.get('seed') ?? 1);

  const { startMock } = await import(`${ROOT}dist/http/start-mock.js`);
  const { createLogger } = await import(`${ROOT}dist/http/request-log.js`);
  const { parseKeyConfig } = await import(`${ROOT}dist/rate-limit/key-config.js`);
  const { checkInvariants } = await import(`${ROOT}dist/packs/petstore/store/invariants.js`);

  let crashes = 0;
  const crashNotes = [];
  const crash = (what, error) => {
    crashes++;
    if (crashNotes.length < 5) crashNotes.push(`${what}: ${error?.stack ?? String(error)}`.slice(0, 500));
  };
  process.on('uncaughtException', (error) => crash('uncaught exception', error));
  process.on('unhandledRejection', (error) => crash('unhandled rejection', error));

  let internalErrors = 0;
  const errors = new Writable({ write(chunk, _enc, done) { if (/internal error|unexpected error/.test(String(chunk))) internalErrors++; done(); } });
  const discard = new Writable({ write(_c, _e, done) { done(); } });
  const rawConfig = {
    plans: { Soak: { perMinute: 1_000_000_000, perDay: 1_000_000_000 } },
    keys: [...KEYS.map((key) => ({ key, plan: 'Soak' })), ...LOW_KEYS.map((key) => ({ key, plan: 'Free', perMinute: 5 }))],
    sessions: { max: SESSION_CAP },
  };
  const config = parseKeyConfig(rawConfig, 'soak-config.json');
  const shared = await sharedStore(args, rawConfig, seed, crash, () => internalErrors++);
  const store = shared ? { url: shared.url, prefix: shared.prefix } : undefined;
  const mock = await startMock({ port: 0, host: '127.0.0.1', seed, config, store, logger: createLogger('error', discard, errors), headersTimeout: 5_000, requestTimeout: 10_000 });
  const ports = shared ? [mock.port, shared.port] : [mock.port];
  mock.server.on('close', () => { if (!stopping) crash('server closed', 'the listening socket closed during the soak'); });
  let stopping = false;

  // The registry keeps its sessions private; the soak reads them without touching their order.
  const registry = mock.setup.sessions;
  const liveSessions = () => [registry.defaultSession, ...registry.sessions.values()];
  const pristine = Reflect.ownKeys(Object.prototype).map(String).sort().join();
  let invariantViolations = 0;
  let invariantChecks = 0;
  const violationNotes = [];
  const checkAll = async () => {
    invariantChecks++;
    for (const session of liveSessions()) {
      const problems = checkInvariants(await session.store.snapshot());
      invariantViolations += problems.length;
      for (const p of problems) if (violationNotes.length < 5) violationNotes.push(`${session.name}: ${p}`);
    }
    if (Reflect.ownKeys(Object.prototype).map(String).sort().join() !== pristine || {}.polluted !== undefined) {
      invariantViolations++;
      if (violationNotes.length < 5) violationNotes.push('Object.prototype was polluted');
    }
  };
  const health = async () => {
    try {
      const res = await fetch(`${mock.url}/pets?limit=1`, { headers: { 'X-API-Key': KEYS[0] } });
      await res.arrayBuffer();
      if (res.status !== 200) crash('health check', `GET /pets answered ${res.status}`);
    } catch (error) {
      crash('health check', error);
    }
  };

  const rss = () => Math.round(process.memoryUsage().rss / MiB);
  const settled = () => {
    globalThis.gc?.();
    const { rss: r, heapUsed } = process.memoryUsage();
    return { rss: Math.round(r / MiB), heap: Math.round(heapUsed / MiB) };
  };
  const samples = [];
  const memory = {};
  let requests = 0;
  const started = performance.now();
  const sampler = setInterval(() => samples.push(rss()), 500);
  const monitors = setInterval(() => {
    health();
    checkAll().catch((error) => crash('invariant check', error));
  }, 3_000);

  process.stderr.write(`soak: ${target} hostile requests, ${concurrency} connections, ${SESSIONS} sessions (cap ${SESSION_CAP}), ${KEYS.length + LOW_KEYS.length} keys, against ${mock.url}${shared ? ` and a second process on port ${shared.port}, both on ${shared.url}` : ''}\n`);
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { ports, target, concurrency, maxMs: maxSeconds * 1000, seed } });
  let nextReport = target / 10;
  const result = await new Promise((resolve, reject) => {
    worker.on('message', (message) => {
      if (message.type === 'progress') {
        requests = message.requests;
        if (memory.start === undefined && requests >= 5_000) memory.start = settled();
        if (memory.middle === undefined && requests >= target / 2) memory.middle = settled();
        if (requests >= nextReport) {
          process.stderr.write(`  ${requests} requests, ${Math.round((performance.now() - started) / 1000)} s, RSS ${rss()} MB, ${registry.size} sessions\n`);
          nextReport += target / 10;
        }
      } else if (message.type === 'done') resolve(message);
    });
    worker.on('error', reject);
  });
  clearInterval(monitors);
  clearInterval(sampler);
  await health();
  await checkAll();
  memory.end = settled();
  const seconds = (performance.now() - started) / 1000;
  const journal = await journalCase(mock.port, Number(args.get('journal-requests') ?? 200_000), settled);
  stopping = true;
  await mock.close();
  await shared?.close();

  const c = result.counts;
  const statuses = Object.entries(c.statuses).sort(([a], [b]) => Number(a) - Number(b)).map(([s, n]) => `${s}:${n}`).join(' ');
  const kinds = Object.entries(c.kinds).sort(([, a], [, b]) => b - a).map(([k, n]) => `${k} ${n}`).join(', ');
  const lines = [
    `requests: ${c.requests} in ${seconds.toFixed(1)} s (${Math.round(c.requests / seconds)} req/s), ${c.answers} answers, ${c.abandoned} abandoned on purpose, ${c.lost} answers missing, ${c.connectErrors} refused connections`,
    `kinds: ${kinds}`,
    `statuses: ${statuses}`,
    `sessions alive at the end: ${registry.size} (cap ${SESSION_CAP}); invariant checks: ${invariantChecks}; internal errors logged: ${internalErrors}${shared ? `; answers per process: ${c.perPort.join(' + ')}` : ''}`,
    journal.line,
    `RSS MB: start ${memory.start?.rss} (after 5,000 requests), middle ${memory.middle?.rss}, end ${memory.end.rss}, max ${Math.max(...samples, 0)}; heap used MB: ${memory.start?.heap} -> ${memory.middle?.heap} -> ${memory.end.heap}${globalThis.gc ? ' (start/middle/end after a full GC)' : ''}`,
    ...c.problemNotes.map((p) => `  bad answer: ${p}`),
    ...crashNotes.map((p) => `  crash: ${p}`),
    ...violationNotes.map((p) => `  invariant: ${p}`),
    `${crashes} crashes, ${c.badBodies} bad error bodies, ${c.fiveXx} 5xx, ${invariantViolations} invariant violations`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const ok = crashes === 0 && c.badBodies === 0 && c.fiveXx === 0 && invariantViolations === 0 && c.lost === 0 && internalErrors === 0 && c.requests >= target && journal.ok;
  process.exit(ok ? 0 : 1);
}

/**
 * --redis or --store=redis://...: the Redis both processes use (ours with --redis, persistence
 * off), and the second mock process, spawned from the built CLI with the soak's config. Its exit
 * during the soak is a crash; an internal error on its stderr counts as one logged here.
 */
async function sharedStore(args, rawConfig, seed, crash, onInternalError) {
  let url = args.get('store');
  let redis;
  if (!url && !args.has('redis')) return undefined;
  if (!url) {
    if (spawnSync('redis-server', ['--version']).error) throw new Error('--redis: redis-server is not installed: apt-get install -y redis-server (or pass --store=redis://HOST:PORT)');
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'ignore'] });
    await new Promise((resolve, reject) => {
      let log = '';
      redis.stdout.on('data', (d) => { log += d; if (log.includes('Ready to accept connections')) resolve(); });
      redis.once('exit', (code) => reject(new Error(`redis-server exited ${code}`)));
    });
    redis.stdout.resume();
    url = `redis://127.0.0.1:${port}`;
  }
  const prefix = `soak-${process.pid}:`;
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  writeFileSync(join(dir, 'config.json'), JSON.stringify(rawConfig));
  const port = await freePort();
  const child = spawn(process.execPath, [`${ROOT}dist/cli/main.js`, 'mock', '--port', String(port), '--seed', String(seed), '--config', join(dir, 'config.json'), '--store', url, '--store-prefix', prefix, '--log-level', 'error'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let closing = false;
  child.stderr.on('data', (d) => { if (/internal error|unexpected error/.test(String(d))) onInternalError(); });
  child.once('exit', (code) => { if (!closing) crash('second process', `exited with ${code} during the soak`); });
  await new Promise((resolve) => {
    let out = '';
    child.stdout.on('data', (d) => { out += d; if (out.includes(`:${port}`)) resolve(); });
  });
  child.stdout.resume();
  return {
    url, prefix, port,
    close: async () => {
      closing = true;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      redis?.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * The journal case: 1,000 GETs with 8 KB query strings over 20 sessions, the heap after a full
 * GC, `count` more, the heap again. A journal that kept each request line (V8 slices keep their
 * parent string) grew by 8 KB an entry, up to 160 MB here.
 */
async function journalCase(port, count, settled) {
  const sessions = 20;
  const send = (from, n) =>
    new Promise((resolve, reject) => {
      const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { mode: 'journal', port, from, count: n, sessions } });
      worker.on('message', resolve);
      worker.on('error', reject);
    });
  const started = performance.now();
  const first = await send(0, 1_000);
  const before = settled();
  const rest = await send(1_000, count);
  const after = settled();
  const seconds = (performance.now() - started) / 1000;
  const statuses = { ...first.statuses };
  for (const [s, n] of Object.entries(rest.statuses)) statuses[s] = (statuses[s] ?? 0) + n;
  const growth = after.heap - before.heap;
  const ok = growth < 8 && statuses[200] === count + 1_000 && Object.keys(statuses).length === 1;
  const line =
    `journal case: ${count + 1_000} GETs with 8 KB query strings over ${sessions} sessions in ${seconds.toFixed(1)} s (statuses ${JSON.stringify(statuses)}); ` +
    `heap used MB after 1,000: ${before.heap}, after ${count + 1_000}: ${after.heap} (${growth >= 0 ? '+' : ''}${growth}, limit +8); RSS MB ${before.rss} -> ${after.rss}`;
  return { ok, line };
}

/** The load of the journal case: keep-alive connections, one request at a time each. */
async function sendLongQueries({ port, from, count, sessions }) {
  const statuses = {};
  const filler = 'q'.repeat(8 * 1024);
  let next = from;
  const client = async () => {
    let socket;
    let buffer = Buffer.alloc(0);
    let waiting;
    while (next < from + count) {
      const i = next++;
      if (!socket || socket.destroyed) {
        buffer = Buffer.alloc(0);
        socket = await new Promise((resolve, reject) => {
          const s = connect(port, '127.0.0.1', () => resolve(s));
          s.setNoDelay(true);
          s.on('data', (d) => { buffer = buffer.length ? Buffer.concat([buffer, d]) : d; waiting?.(); });
          s.on('error', reject);
          s.on('close', () => waiting?.());
        });
      }
      const answer = await new Promise((resolve) => {
        waiting = () => {
          const parsed = parseAnswer(buffer, false);
          if (parsed) {
            buffer = buffer.subarray(parsed.length);
            resolve(parsed.answer);
          } else if (socket.destroyed) resolve({ status: 'closed', headers: {} });
        };
        socket.write(`GET /store/inventory/${1 + (i % 50)}?filler=${i}${filler} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${KEYS[i % KEYS.length]}\r\nX-Mock-Session: soak-journal-${i % sessions}\r\n\r\n`);
      });
      waiting = undefined;
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.headers.connection === 'close') socket.destroy();
    }
    socket?.destroy();
  };
  await Promise.all(Array.from({ length: 16 }, client));
  parentPort.postMessage({ statuses });
}

// ---------------------------------------------------------------------------------------------
// The load: each connection sends one hostile request (or a pipelined burst) at a time and reads
// its answers; a request that makes the server close the connection gets a new one.

async function generateLoad({ ports, target, concurrency, maxMs, seed }) {
  let state = seed >>> 0 || 1;
  const rand = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(rand() * n);
  const pick = (list) => list[int(list.length)];
  const counts = { requests: 0, answers: 0, abandoned: 0, lost: 0, connectErrors: 0, fiveXx: 0, badBodies: 0, statuses: {}, kinds: {}, problemNotes: [], perPort: ports.map(() => 0) };
  let connections = 0;
  const note = (text) => {
    if (counts.problemNotes.length < 10) counts.problemNotes.push(text.slice(0, 300));
  };

  const request = (method, target, headers = {}, body = '') => {
    const all = { Host: '127.0.0.1', 'X-API-Key': pick(KEYS), ...headers };
    if (rand() < 0.7 && all['X-Mock-Session'] === undefined) all['X-Mock-Session'] = `soak-s${int(SESSIONS)}`;
    if (body !== '' && all['Content-Length'] === undefined && all['Transfer-Encoding'] === undefined) all['Content-Length'] = String(Buffer.byteLength(body));
    const lines = Object.entries(all).filter(([, v]) => v !== null).map(([n, v]) => `${n}: ${v}\r\n`).join('');
    return `${method} ${target} HTTP/1.1\r\n${lines}\r\n${body}`;
  };
  const json = { 'Content-Type': 'application/json' };
  const one = (kind, text, extra = {}) => ({ kind, chunks: [text], answers: 1, ...extra });

  const MALFORMED = ['{"name":"Rex","categoryId":1', '{"name":"Rex",}', "{'name':'Rex'}", '{"quantity":NaN}', '{"a":1}{"b":2}', 'hello', '   ', '{"name":"a\u0001b"}'];
  const PATHS = ['/pets/%2F', '/pets%2F1', '/pets/..', '/pets/../pets', '/pets/%2e%2e', '/pets/9223372036854775808', '/pets/-1', '/pets/1.5', '/pets/1e3', '/pets//1', '//pets', '/pets/', '/pets/%', '/pets/%00', '/pets/%E0%A4%A', `/${'a/'.repeat(1_000)}`, '/__admin/keys/%', '/__admin/%2e%2e/pets', '/PETS', 'http://evil.example/pets', '/store/orders/0', '/store/inventory/abc'];
  const WRITES = [['POST', '/pets'], ['PUT', '/pets/1'], ['PATCH', '/pets/2'], ['POST', '/categories'], ['PUT', '/categories/1'], ['POST', '/store/orders'], ['PATCH', '/store/orders/1'], ['PUT', '/store/inventory/3']];
  const BAD_LINES = ['GET\r\n\r\n', '\x00\x01\x02 hello\r\n\r\n', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'GET /pets HTTP/9.9\r\nHost: x\r\n\r\n', 'BREW /pets HTTP/1.1\r\nHost: x\r\n\r\n', 'GET /pets HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n', 'POST /pets HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n'];

  /** One hostile request, drawn by weight. */
  const KINDS = [
    [20, () => one('read', request('GET', pick(['/pets?limit=5', `/pets/${1 + int(70)}`, '/categories', '/store/orders?limit=5', `/store/inventory/${1 + int(60)}`, '/store/inventory?status=available', `/pets?name=${pick(['a', 'x', '%C3%A9'])}&status=sold`])))],
    [3, () => one('head', request('HEAD', '/pets?limit=2'), { head: [0] })],
    [2, () => one('preflight', request('OPTIONS', '/pets/1', { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Headers': pick(['X-API-Key', 'X-API-Key, <script>']), 'X-API-Key': null }))],
    [12, () => {
      const w = int(9);
      if (w === 0) return one('write', request('POST', '/pets', json, JSON.stringify({ name: `soak-${int(1e6)}`, categoryId: 1 + int(8), ...(rand() < 0.3 ? { status: pick(['available', 'pending', 'sold']) } : {}) })));
      if (w === 1) return one('write', request('POST', '/categories', json, JSON.stringify({ name: `cat-${int(1e6)}`, ...(rand() < 0.5 ? { description: 'd'.repeat(int(600)) } : {}) })));
      if (w === 2 || w === 3) return one('write', request('POST', '/store/orders', json, JSON.stringify({ petId: 1 + int(60), quantity: 1 + int(3), ...(rand() < 0.2 ? { shipDate: pick(['2026-12-31T23:59:60Z', '2027-01-01T00:00:00+01:00']) } : {}) })));
      if (w === 4) return one('write', request('PUT', `/store/inventory/${1 + int(60)}`, json, JSON.stringify({ quantity: int(6) })));
      if (w === 5) return one('write', request('PATCH', `/store/orders/${1 + int(80)}`, json, JSON.stringify({ complete: rand() < 0.8 })));
      if (w === 6) return one('write', request('DELETE', `/store/orders/${1 + int(80)}`));
      if (w === 7) return one('write', request('DELETE', `/pets/${1 + int(80)}`));
      return one('write', request('PUT', `/pets/${1 + int(60)}`, json, JSON.stringify({ name: `put-${int(1e6)}`, categoryId: 1 + int(8), status: pick(['available', 'pending', 'sold']) })));
    }],
    [6, () => { const [m, p] = pick(WRITES); return one('malformed-json', request(m, p, json, pick(MALFORMED))); }],
    [2, () => { const [m, p] = pick(WRITES); const d = 5_000 + int(20_000); return one('deep-json', request(m, p, json, pick(['['.repeat(d), '['.repeat(d) + ']'.repeat(d), '{"a":'.repeat(d) + '1' + '}'.repeat(d)]))); }],
    [5, () => { const [m, p] = pick(WRITES); return one('proto-payload', request(m, p, json, pick(['{"__proto__":{"polluted":true},"name":"x","categoryId":1}', '{"constructor":{"prototype":{"polluted":true}}}', '{"__proto__":{"complete":true}}', '{"name":{"__proto__":{"x":1}},"categoryId":1}']))); }],
    [3, () => one('proto-elsewhere', request('GET', '/pets?limit=1&__proto__[polluted]=1', { Prefer: `example=${pick(['__proto__', 'toString', 'constructor'])}`, 'X-Mock-Session': pick(['__proto__', 'constructor', 'hasOwnProperty']) }))],
    [4, () => { const [m, p] = pick(WRITES); return one('invalid-utf8', Buffer.concat([Buffer.from(request(m, p, { ...json, 'Content-Length': '22' })), Buffer.from('{"name":"'), Buffer.from([0xff, 0xc0, 0xaf, 0xed, 0xa0]), Buffer.from('","x":1}')])); }],
    [5, () => { const [m, p] = pick(WRITES); return one('content-type', request(m, p, pick([{}, { 'Content-Type': 'text/plain' }, { 'Content-Type': 'application/jsonx' }, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, { 'Content-Type': 'multipart/form-data; boundary=x' }]), '{"name":"typed","categoryId":1}')); }],
    [3, () => { const [m, p] = pick(WRITES); return one('declared-too-large', request(m, p, { ...json, 'Content-Length': String(MiB + 1 + int(10 * MiB)) }), { closes: true }); }],
    [0.1, () => ({ kind: 'chunked-too-large', chunks: [request('POST', '/pets', { ...json, 'Transfer-Encoding': 'chunked' }), ...Array.from({ length: 18 }, () => `10000\r\n${' '.repeat(65_536)}\r\n`)], answers: 1, closes: true })],
    [2, () => one('huge-headers', request('GET', '/pets', { 'X-Big': 'b'.repeat(17 * 1024) }), { closes: true })],
    [2, () => one('many-headers', request('GET', '/pets?limit=1', Object.fromEntries(Array.from({ length: 1_000 }, (_, i) => [`x-${i}`, '1']))))],
    [6, () => one('path-trick', request(pick(['GET', 'DELETE', 'PUT']), pick(PATHS)))],
    [3, () => one('query-flood', request('GET', `/pets?${Array.from({ length: 1_000 + int(1_000) }, (_, i) => (rand() < 0.5 ? `status=${pick(['sold', 'x'])}` : `p${i}=1`)).join('&')}`))],
    [4, () => one('unknown-method', request(pick(['PROPFIND', 'MKCOL', 'TRACE', 'PURGE', 'LOCK', 'SEARCH']), pick(['/pets', '/pets/1', '/nowhere'])))],
    [3, () => one('bad-request-line', pick(BAD_LINES), { closes: true })],
    [1, () => one('connect', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com\r\n\r\n', { closes: true })],
    [1, () => one('no-host', request('GET', '/pets', { Host: null }), { closes: true })],
    [1, () => one('expect', request('POST', '/categories', { ...json, Expect: 'teapot' }, '{"name":"e"}'), { closes: true })],
    [4, () => {
      const n = 2 + int(6);
      return { kind: 'pipelined', chunks: [Array.from({ length: n }, () => request('GET', pick(['/pets?limit=1', '/categories', '/pets/abc', '/store/inventory/1']))).join('')], answers: n };
    }],
    [4, () => one('unknown-key', request('GET', '/pets', { 'X-API-Key': pick(['super-secret-guess', '', 'x'.repeat(300), 'demo-free ', KEYS[0].toUpperCase()]) }))],
    [3, () => one('low-limit-key', request('GET', '/pets?limit=1', { 'X-API-Key': pick(LOW_KEYS) }))],
    [1, () => one('admin', request(pick(['GET', 'POST']), pick(['/__admin/requests', '/__admin/keys/%', '/__admin/clock', '/__admin/nothing', '/__admin/faults']), { ...json, 'Content-Length': '5' }, pick(['{"x":', '[1]  ', '{}   '])))],
    [1, () => ({ kind: 'abandoned', chunks: [request('POST', '/categories', { ...json, 'Content-Length': '100' }, '{"name":"half').slice(0, 40 + int(60))], answers: 0, abandon: true })],
  ];
  const totalWeight = KINDS.reduce((t, [w]) => t + w, 0);
  const draw = () => {
    let r = rand() * totalWeight;
    for (const [w, make] of KINDS) if ((r -= w) < 0) return make();
    return KINDS[0][1]();
  };

  const check = (answer, kind) => {
    counts.answers++;
    counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
    if (answer.status >= 500) {
      counts.fiveXx++;
      note(`${kind} -> ${answer.status} ${answer.text.slice(0, 200)}`);
    }
    let bad = LEAK.test(answer.text) || answer.headers['access-control-allow-credentials'] !== undefined;
    if (answer.status >= 400) {
      const type = (answer.headers['content-type'] ?? '').split(';')[0].trim();
      let body;
      try {
        body = JSON.parse(answer.text);
      } catch {
        body = undefined;
      }
      const ok = type === 'application/json' && typeof body === 'object' && body !== null && !Array.isArray(body) &&
        Object.keys(body).every((k) => ERROR_FIELDS.has(k)) && typeof body.code === 'string' && /^[a-z][a-z_]*$/.test(body.code) &&
        typeof body.message === 'string' && body.message.length > 0 && body.status === answer.status;
      bad ||= !ok;
    }
    if (bad) {
      counts.badBodies++;
      note(`${kind} -> ${answer.status} ${JSON.stringify(answer.headers['content-type'])} ${answer.text.slice(0, 200)}`);
    }
  };

  const deadline = performance.now() + maxMs;
  let sent = 0;
  let lastProgress = 0;
  const client = async () => {
    let socket;
    let buffer = Buffer.alloc(0);
    let onData;
    let onGone;
    let at = 0;
    const open = () =>
      new Promise((resolve) => {
        // Each new connection goes to the next process (one alone without --redis).
        at = connections++ % ports.length;
        const s = connect(ports[at], '127.0.0.1');
        s.setNoDelay(true);
        s.on('data', (d) => { buffer = buffer.length ? Buffer.concat([buffer, d]) : d; onData?.(); });
        s.on('error', () => {});
        s.on('close', () => { if (socket === s) socket = undefined; onGone?.(); });
        s.once('connect', () => resolve(s));
        s.once('error', (e) => { if (e.code === 'ECONNREFUSED') counts.connectErrors++; resolve(undefined); });
      });
    while (sent < target && performance.now() < deadline) {
      const spec = draw();
      sent += Math.max(spec.answers, 1);
      counts.requests += Math.max(spec.answers, 1);
      counts.kinds[spec.kind] = (counts.kinds[spec.kind] ?? 0) + 1;
      if (!socket || socket.destroyed || !socket.writable || spec.closes || spec.abandon) {
        socket?.destroy();
        buffer = Buffer.alloc(0);
        socket = await open();
        if (!socket) continue;
      }
      const s = socket;
      const answers = [];
      await new Promise((resolve) => {
        const timer = setTimeout(finish, 10_000);
        function finish() {
          clearTimeout(timer);
          onData = onGone = undefined;
          resolve();
        }
        onData = () => {
          for (;;) {
            const parsed = parseAnswer(buffer, (spec.head ?? []).includes(answers.length));
            if (!parsed) break;
            buffer = buffer.subarray(parsed.length);
            if (parsed.answer.status >= 200) answers.push(parsed.answer);
          }
          if (answers.length >= spec.answers) finish();
        };
        onGone = finish;
        for (const chunk of spec.chunks) if (!s.destroyed) s.write(chunk);
        if (spec.abandon) {
          s.destroy();
          counts.abandoned++;
          finish();
        }
      });
      for (const a of answers) check(a, spec.kind);
      counts.perPort[at] += answers.length;
      if (!spec.abandon && answers.length < spec.answers) {
        counts.lost += spec.answers - answers.length;
        note(`${spec.kind}: ${spec.answers - answers.length} of ${spec.answers} answers missing (${s.destroyed ? 'connection closed' : 'timed out'})`);
        s.destroy();
      }
      // The server closes after an answer with Connection: close; the next request needs a new connection.
      if (spec.closes || answers.some((a) => a.headers.connection === 'close')) s.destroy();
      if (s.destroyed) socket = undefined;
      if (sent - lastProgress >= 1_000) {
        lastProgress = sent;
        parentPort.postMessage({ type: 'progress', requests: sent });
      }
    }
    socket?.destroy();
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  parentPort.postMessage({ type: 'progress', requests: sent });
  parentPort.postMessage({ type: 'done', counts });
}

/** One HTTP/1.1 answer at the start of `buffer`, or undefined while it is incomplete. */
function parseAnswer(buffer, head) {
  const end = buffer.indexOf('\r\n\r\n');
  if (end === -1) return undefined;
  const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  const headers = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const start = end + 4;
  if (head || status < 200 || status === 204 || status === 304) return { answer: { status, headers, text: '' }, length: start };
  const length = Number(headers['content-length'] ?? 0);
  if (headers['transfer-encoding'] !== undefined) return { answer: { status, headers, text: `<transfer-encoding ${headers['transfer-encoding']}: not expected>` }, length: buffer.length };
  if (buffer.length < start + length) return undefined;
  return { answer: { status, headers, text: buffer.subarray(start, start + length).toString('utf8') }, length: start + length };
}
