// Issue 20's trial on six large public documents this project had not used: for each, the time
// `mock --spec DOC` takes until it listens, then the runner with all phases against that mock, its
// outcome, its peak RSS (/usr/bin/time -v) and its failures grouped by check with an example each.
// Prints one markdown table and the groups; the documents stay outside the repo (their sources below).
//   npm run build && node scripts/large-documents-trial.mjs [--docs-dir /work/blind-docs] [--only NAME,...]
//     [--max-examples 20] [--max-duration 600] [--jobs 1] [--keep-reports DIR]
//     [--documents LIST.json]   (another list of documents, each as in DOCUMENTS below; --docs-dir holds their files)
//   node scripts/large-documents-trial.mjs --start-only   (each mock started three times, one at a time: the median)
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

// Each document at the commit it was taken from; `raw` is where to download it when it is missing.
const DOCUMENTS = [
  { name: 'adyen-management', file: 'adyen-management.json', repo: 'Adyen/adyen-openapi', commit: 'aa014f0cbdb58ff5c44a2ff9d5fe734642210aff', path: 'json/ManagementService-v3.json', version: 'Management API v3 (OpenAPI 3.1.0)', licence: 'MIT' },
  { name: 'clerk-backend', file: 'clerk-bapi.yml', repo: 'clerk/openapi-specs', commit: '7987d1b776258d5ddd9163e1a03d256b5ac4d64a', path: 'bapi/2026-05-12.yml', version: 'Backend API 2026-05-12 (OpenAPI 3.0.3)', licence: 'MIT' },
  { name: 'intercom', file: 'intercom.yaml', repo: 'intercom/Intercom-OpenAPI', commit: '8889625a7b931d8649e18726e7f872ff073520fc', path: 'descriptions/2.16/api.intercom.io.yaml', version: 'API 2.16 (OpenAPI 3.0.1)', licence: 'MIT' },
  { name: 'netlify', file: 'netlify.yml', repo: 'netlify/open-api', commit: '650803172c55155ec34dcad94602e058477a4a98', path: 'swagger.yml', version: '2.55.0 (Swagger 2.0)', licence: 'MIT' },
  { name: 'xero-accounting', file: 'xero-accounting.yaml', repo: 'XeroAPI/Xero-OpenAPI', commit: 'e952d0bda3628facbf7afc5990ad6a0e7e77bd1e', path: 'xero_accounting.yaml', version: '16.1.0 (OpenAPI 3.0.0)', licence: 'MIT' },
  { name: 'sentry', file: 'sentry.json', repo: 'getsentry/sentry-api-schema', commit: 'a589a26c3b29bfc342a47baa963b7970961f958e', path: 'openapi-derefed.json', version: 'v0 (OpenAPI 3.0.3)', licence: 'repository FSL-1.1, document says Apache 2.0' },
];
const raw = (d) => `https://raw.githubusercontent.com/${d.repo}/${d.commit}/${d.path}`;

const args = process.argv.slice(2);
const flag = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const docsDir = flag('--docs-dir', '/work/blind-docs');
const listFile = flag('--documents');
const documents = listFile ? JSON.parse(readFileSync(listFile, 'utf8')) : DOCUMENTS;
const only = flag('--only') ? new Set(flag('--only').split(',')) : undefined;
const maxExamples = flag('--max-examples', '20');
const maxDuration = flag('--max-duration', '600');
const jobs = Number(flag('--jobs', '1'));
const keep = flag('--keep-reports');
const PHASES = 'examples,negative,boundary,stateful,fuzz';
// The mock's config gives the key acme-ci an Enterprise plan (README: a large document's run needs one).
const KEY = 'acme-ci';

/** Starts the mock; resolves when it prints its URL, with the milliseconds that took. */
function startMock(spec) {
  const started = performance.now();
  const child = spawn('node', ['dist/cli/main.js', 'mock', '--spec', spec, '--port', '0', '--config', 'mocks/keys.example.json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve) => {
    const done = (url) => resolve({ child, url, ms: performance.now() - started, output });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (match) done(match[0]);
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => done(undefined, code));
  });
}

const peakRss = (pid) => {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return undefined;
  }
};

function runContract(spec, url, out) {
  const timeFile = join(out, 'time.txt');
  const started = performance.now();
  const argv = ['-v', '-o', timeFile, 'node', 'dist/cli/main.js', 'contract', '--spec', spec, '--base-url', url, '--api-key', KEY, '--auth-basic', `${KEY}:${KEY}`,
    '--phases', PHASES, '--max-examples', maxExamples, '--seed', '1', '--max-duration', maxDuration, '--reporter', 'json', '--reporter', 'console', '--out', out];
  const child = spawn('/usr/bin/time', argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk) => (text += chunk));
  child.stderr.on('data', (chunk) => (text += chunk));
  return new Promise((resolve) => child.on('exit', (code) => {
    const time = existsSync(timeFile) ? readFileSync(timeFile, 'utf8') : '';
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(time);
    resolve({ code, seconds: (performance.now() - started) / 1000, rssBytes: rss ? Number(rss[1]) * 1024 : undefined, console: text });
  }));
}

const MB = (bytes) => (bytes === undefined ? '?' : `${Math.round(bytes / 2 ** 20)} MB`);
// The report's own figures where the console line is not there to read (its wording changed since the first trial).
const seconds = (ms) => (ms === undefined ? '?' : `${(ms / 1000).toFixed(0)} s`);
const oneLine = (text, max = 160) => String(text ?? '').replace(/\s+/g, ' ').slice(0, max);

function summarise(out) {
  const file = join(out, 'report.json');
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const counts = { passed: 0, failed: 0, error: 0, skipped: 0 };
  const groups = new Map();
  for (const c of report.cases ?? []) {
    counts[c.status] = (counts[c.status] ?? 0) + 1;
    const failures = c.failures?.length ? c.failures : c.status === 'error' ? [{ check: '(error)', message: c.error ?? c.reason ?? c.message }] : [];
    for (const f of failures) {
      const group = groups.get(f.check) ?? { cases: new Set(), example: `${c.id}: ${oneLine(f.message ?? f.detail ?? JSON.stringify(f))}` };
      group.cases.add(c.id);
      groups.set(f.check, group);
    }
  }
  return { counts, waitedMs: report.waitedMs, pacedMs: report.pacedMs, groups: [...groups].map(([check, g]) => ({ check, cases: g.cases.size, example: g.example })).sort((a, b) => b.cases - a.cases) };
}

async function trial(doc) {
  const spec = join(docsDir, doc.file);
  if (!existsSync(spec)) return { doc, missing: true };
  const mock = await startMock(spec);
  if (!mock.url) return { doc, startMs: mock.ms, refused: oneLine(mock.output, 400) };
  const out = mkdtempSync(join(tmpdir(), `large-${doc.name}-`));
  try {
    const run = await runContract(spec, mock.url, out);
    return { doc, startMs: mock.ms, run, mockRss: peakRss(mock.child.pid), summary: summarise(out), waiting: /of which ([^,\n]+) waiting/.exec(run.console)?.[1] };
  } finally {
    if (keep && existsSync(join(out, 'report.json'))) {
      mkdirSync(keep, { recursive: true });
      copyFileSync(join(out, 'report.json'), join(keep, `${doc.name}.json`));
    }
    mock.child.kill('SIGTERM');
    rmSync(out, { recursive: true, force: true });
  }
}

const chosen = documents.filter((d) => !only || only.has(d.name));
if (args.includes('--start-only')) {
  console.log(`load average at the start: ${loadavg()[0].toFixed(1)}\n\n| document | operations served | start (median of 3) | mock RSS after start |\n|---|---|---|---|`);
  for (const doc of chosen) {
    const runs = [];
    for (let i = 0; i < 3; i += 1) {
      const mock = await startMock(join(docsDir, doc.file));
      runs.push({ ms: mock.ms, rss: mock.url ? peakRss(mock.child.pid) : undefined, served: /serving (\d+) operations/.exec(mock.output)?.[1] });
      mock.child.kill('SIGTERM');
    }
    runs.sort((a, b) => a.ms - b.ms);
    console.log(`| ${doc.name} | ${runs[1].served ?? 'refused'} | ${(runs[1].ms / 1000).toFixed(2)} s | ${MB(runs[1].rss)} |`);
  }
  process.exit(0);
}
const results = [];
const queue = [...chosen];
const load = loadavg()[0].toFixed(1);
await Promise.all(Array.from({ length: Math.max(1, jobs) }, async () => {
  while (queue.length > 0) {
    const result = await trial(queue.shift());
    results.push(result);
    console.error(`done ${result.doc.name}`);
  }
}));

console.log(`load average at the start: ${load}; phases ${PHASES}; --max-examples ${maxExamples}; --max-duration ${maxDuration}\n`);
console.log('| document | start | runner exit | cases: passed / failed / errors / skipped | runner wall (waiting; paced) | runner peak RSS | mock peak RSS |');
console.log('|---|---|---|---|---|---|---|');
for (const r of chosen.map((d) => results.find((x) => x.doc === d))) {
  if (r.missing) console.log(`| ${r.doc.name} | missing: download ${raw(r.doc)} to ${join(docsDir, r.doc.file)} | | | | | |`);
  else if (r.refused) console.log(`| ${r.doc.name} | refused after ${(r.startMs / 1000).toFixed(1)} s: ${r.refused} | | | | | |`);
  else {
    const c = r.summary?.counts;
    const cases = c ? `${c.passed} / ${c.failed} / ${c.error} / ${c.skipped}` : 'no report';
    console.log(`| ${r.doc.name} | ${(r.startMs / 1000).toFixed(1)} s | ${r.run.code} | ${cases} | ${r.run.seconds.toFixed(0)} s (${r.waiting ?? seconds(r.summary?.waitedMs)}; paced ${seconds(r.summary?.pacedMs)}) | ${MB(r.run.rssBytes)} | ${MB(r.mockRss)} |`);
  }
}
for (const r of results.filter((x) => x.summary)) {
  console.log(`\n### ${r.doc.name}: failures and errors by check\n`);
  console.log('| check | cases | example |');
  console.log('|---|---|---|');
  for (const g of r.summary.groups) console.log(`| ${g.check} | ${g.cases} | ${g.example.replace(/\|/g, '\\|')} |`);
}
console.log('\nSources:');
for (const d of chosen) console.log(`- ${d.name}: ${raw(d)} (${d.version}; licence ${d.licence})`);
