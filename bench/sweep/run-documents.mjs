// Runs sweep-document.mjs over a list of document ids, at most `jobs` at a time (the machine is
// shared: 2 at most), and says for each how it went: started, runner clean, answers conforming.
import { execFile } from 'node:child_process';
import { documentFile } from './sample.mjs';

const WORKER = new URL('./sweep-document.mjs', import.meta.url).pathname;

/** Runs every id; calls `onResult(result)` as each ends (in the order they end); resolves with all. */
export async function runDocuments(ids, { jobs, budget, onResult }) {
  const results = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      results[i] = await runOne(ids[i], budget);
      onResult?.(results[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, ids.length) }, worker));
  return results;
}

function runOne(id, budget) {
  return new Promise((resolve) => {
    // The worker bounds itself; this catches a worker that does not end (counted as a timeout).
    execFile('node', [WORKER, documentFile(id), '--budget', String(budget)], { timeout: (budget + 60) * 1000, maxBuffer: 1 << 24, killSignal: 'SIGKILL' }, (error, stdout, stderr) => {
      let result;
      try {
        result = JSON.parse(stdout.trim().split('\n').pop());
      } catch {
        result = { error: error?.killed ? `timeout: no outcome within ${budget + 60} s` : `${error?.message ?? 'no outcome'} ${stderr}`.slice(0, 600) };
      }
      resolve({ ...result, id, doc: undefined, outcome: outcomeOf(result) });
    });
  });
}

/**
 * The document's class in one word: `clean`, `runner-failed` (the runner reported failures),
 * `runner-cut` (the run hit its time bound), `runner-broken` (no report), `refused`,
 * `start-timeout`, `crashed` (the mock died at start), `sweep-error`.
 */
export function outcomeOf(result) {
  if (!result.start) return 'sweep-error';
  if (!result.start.ok) return result.start.class;
  if (!result.runner) return 'sweep-error';
  if (!result.runner.totals) return 'runner-broken';
  if (result.runner.exit === 0) return 'clean';
  return Object.keys(result.runner.checks ?? {}).some((name) => name.startsWith('error: not run')) ? 'runner-cut' : 'runner-failed';
}

/** One line per document: its outcome, start time, runner totals and the checks that failed, answers. */
export function documentLine(r) {
  const parts = [`${r.outcome.padEnd(13)} ${r.id}`];
  if (r.start?.ok) parts.push(`started in ${r.start.seconds.toFixed(1)} s, ${r.start.operations} operations`);
  else if (r.start) parts.push(`${r.start.class}: ${firstLine(r.start.reason)}`);
  const t = r.runner?.totals;
  if (t) {
    const named = Object.entries(r.runner.checks ?? {}).map(([k, v]) => `${k} x${v}`).join(', ');
    parts.push(`runner ${t.passed}/${t.cases} passed, ${t.failed} failed, ${t.errors} errors, ${t.skipped} skipped${named ? ` (${named})` : ''}`);
  } else if (r.runner) parts.push(`runner: ${r.runner.class} ${firstLine(r.runner.reason)}`);
  if (r.answers) parts.push(`answers ${r.answers.conform}/${r.answers.total} conform`);
  if (r.error) parts.push(`error: ${firstLine(r.error)}`);
  return `${parts.join('; ')} [${r.seconds ?? '?'} s]`;
}

/** `sweep: S/N start; C/S runner clean on own mock; A/B answers conform` (INTERFACE section 15). */
export function summaryLine(results) {
  const started = results.filter((r) => r.start?.ok);
  const clean = started.filter((r) => r.outcome === 'clean');
  const a = started.reduce((n, r) => n + (r.answers?.conform ?? 0), 0);
  const b = started.reduce((n, r) => n + (r.answers?.total ?? 0), 0);
  const pct = (x, y) => (y ? ` (${((100 * x) / y).toFixed(1)} %)` : '');
  return `sweep: ${started.length}/${results.length} start${pct(started.length, results.length)}; ${clean.length}/${started.length} runner clean on own mock${pct(clean.length, started.length)}; ${a}/${b} answers conform${pct(a, b)}`;
}

const firstLine = (text) => String(text ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 200) ?? '';
