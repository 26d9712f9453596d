// One document of the sweep (INTERFACE section 15), in its own process so that a large document's
// memory goes when it is done: start the built CLI's mock on it (ephemeral port), run the built
// CLI's contract with its default phases against that mock (JSON report), then check every answer
// the report holds against the document. Prints one JSON line: the document's outcome.
//   node bench/sweep/sweep-document.mjs DOC [--budget SECONDS]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkAnswers } from './answers.mjs';
import { stopChild } from '../processes.mjs';

const CLI = new URL('../../dist/cli/main.js', import.meta.url).pathname;
const [doc, ...rest] = process.argv.slice(2);
const budget = Number(rest.includes('--budget') ? rest[rest.indexOf('--budget') + 1] : 120);
/** Bound on the mock's start-up: past it the document counts as not started (a timeout). */
const START_SECONDS = 30;
/** Limits far above what one run sends: the sweep measures behaviour, not the rate limiter (decision 055). */
const KEY = 'sweep-key';
/**
 * The mock runs under its default for any document, `any-credential`, as a user's would: the key is
 * configured only for its limits. The runner's wrong credential begins with `invalid`, which that
 * mode refuses (decision 089), so `ignored_auth` holds both ways.
 */
const SWEEP_CONFIG = {
  plans: Object.fromEntries(['Free', 'Pro', 'Business', 'Enterprise'].map((p) => [p, { perMinute: 10_000_000, perDay: 100_000_000 }])),
  keys: [{ key: KEY, plan: 'Enterprise', scope: 'read-write' }],
};
/** Failed or errored cases kept whole in the outcome; past this many only their checks are counted. */
const CASES_KEPT = 40;

const work = mkdtempSync(join(tmpdir(), 'sweep-'));
const started = Date.now();
const result = { doc, start: undefined, runner: undefined, answers: undefined, seconds: undefined };
let mock;
try {
  writeFileSync(join(work, 'config.json'), JSON.stringify(SWEEP_CONFIG));
  const start = await startMock(join(work, 'config.json'));
  mock = start.child;
  result.start = start.outcome;
  if (start.url) {
    const left = Math.max(10, budget - START_SECONDS / 3 - (Date.now() - started) / 1000);
    const runner = await runContract(start.url, join(work, 'out'), left);
    result.runner = runner.outcome;
    if (runner.report) result.answers = await checkAnswers(doc, runner.report);
    if (mock.exitCode !== null) result.runner.mockExited = mock.exitCode;
  }
} catch (e) {
  result.error = String(e?.stack ?? e).slice(0, 400);
} finally {
  if (mock) await stopChild(mock);
  rmSync(work, { recursive: true, force: true });
}
result.seconds = Math.round((Date.now() - started) / 100) / 10;
process.stdout.write(`${JSON.stringify(result)}\n`);

/** Starts `mock --spec DOC --port 0`; resolves with its URL once the banner names it (the whole banner: --quiet prints the address alone, not the operation count), or why not. */
function startMock(config) {
  const child = spawn('node', [CLI, 'mock', '--spec', doc, '--port', '0', '--config', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ child, outcome: { ok: false, class: 'start-timeout', reason: `no URL within ${START_SECONDS} s` } }), START_SECONDS * 1000);
    child.stdout.on('data', (d) => {
      out += d;
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, outcome: { ok: true, seconds: (Date.now() - started) / 1000, operations: Number(/serving (\d+) operations?/.exec(out)?.[1] ?? 0) } });
      }
    });
    child.stderr.on('data', (d) => { err += d; });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ child, outcome: { ok: false, class: code === 2 ? 'refused' : 'crashed', exit: code ?? signal, reason: (err || out).trim().slice(0, 600) } });
    });
  });
}

/** Runs the built CLI's contract (default phases) against the mock; its exit code and JSON report. */
function runContract(url, out, seconds) {
  const args = [CLI, 'contract', '--base-url', url, '--spec', doc, '--api-key', KEY, '--auth-basic', `sweep:${KEY}`,
    '--reporter', 'json', '--out', out, '--seed', '1', '--max-duration', String(Math.floor(seconds)), '--timeout', '10'];
  const child = spawn('node', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => { err = (err + d).slice(-2000); });
  return new Promise((resolve) => {
    // The runner ends itself at --max-duration; this only catches one that does not.
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 20) * 1000);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      let report;
      try {
        report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8'));
      } catch {
        return resolve({ outcome: { exit: code ?? signal, class: signal ? 'runner-killed' : 'runner-no-report', reason: err.trim().slice(-600) } });
      }
      resolve({ report, outcome: { exit: code, totals: report.totals, checks: countChecks(report), failures: summariseFailures(report), skippedReasons: skippedReasons(report) } });
    });
  });
}

/** Each failed or errored case (the first 40): its id and, per failure, the check and its message (cut to 240 characters). */
function summariseFailures(report) {
  return report.cases
    .filter((c) => c.status === 'failed' || c.status === 'error')
    .slice(0, CASES_KEPT)
    .map((c) => ({ id: c.id, method: c.method, path: c.path, status: c.status, reason: c.reason?.slice(0, 240), failures: (c.failures ?? []).slice(0, 4).map((f) => ({ check: f.check, message: f.message.slice(0, 240) })) }));
}

/** How many cases were skipped, by reason (numbers and quoted values taken out so that reasons group). */
function skippedReasons(report) {
  const counts = {};
  for (const c of report.cases) {
    if (c.status !== 'skipped') continue;
    const reason = String(c.reason ?? '').replace(/"[^"]*"|\d+/g, '…').slice(0, 160);
    counts[reason] = (counts[reason] ?? 0) + 1;
  }
  return counts;
}

/** Failures of every case counted by check; a case in error counts under `error: ` and its reason's first words. */
function countChecks(report) {
  const counts = {};
  for (const c of report.cases) {
    const names = c.status === 'error' ? [`error: ${String(c.reason ?? '').split(/[:(]/)[0].slice(0, 40)}`] : (c.failures ?? []).map((f) => f.check);
    for (const name of new Set(names)) counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}
