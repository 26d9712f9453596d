/**
 * The end-of-run text of the console report: the problems (failures grouped by cause), the cases
 * that could not run, a table per operation, coverage and totals. Pure: a RunSummary and what the
 * reporter kept of the cases in, lines out, sized for an 80-column terminal.
 */
import type { RunSummary } from '../contract/events.js';
import { describeRequest, type Problem } from './problems.js';
import { coverageTotals, exercisedDocumented, formatDuration, runPassed } from './report-model.js';
import type { ErroredCase, OperationTally, RunDigest } from './run-digest.js';
import { padEnd, padStart, printable, type TerminalStyle } from './terminal-style.js';

const LABEL_WIDTH = 10;
const VALUE_MAX_CHARS = 600;
const VALUE_MAX_LINES = 12;
/** A problem seen in many cases names this many of them; the report files list them all. */
const CASES_PER_PROBLEM = 10;

/** The report leads with the problems (failures grouped by cause), then what could not run, then the tables. */
export function renderConsoleSummary(summary: RunSummary, digest: RunDigest, style: TerminalStyle): string {
  const lines: string[] = [''];
  const problems = digest.problemList();
  if (problems.length > 0) {
    const cases = summary.totals.failed;
    lines.push(style.bold(style.red(`Problems (${problems.length}), in ${cases} failed case${cases === 1 ? '' : 's'}`)), ...problems.flatMap((p, i) => explainProblem(p, i + 1, style)), '');
  }
  if (digest.errored.length > 0) lines.push(style.bold(style.yellow(`Cases that could not run (${digest.errored.length})`)), ...digest.errored.flatMap((c, i) => explainError(c, i + 1, style)), '');
  lines.push(...operationTable(digest.operations(summary.coverage), style));
  if (digest.skippedReasons.size > 0) lines.push('', style.bold(`Skipped (${summary.totals.skipped})`), ...skippedByReason(digest.skippedReasons, style));
  if (digest.noted.length > 0) {
    lines.push('', style.bold('Notes'));
    for (const c of digest.noted) {
      lines.push(`  ${printable(c.operationId)}: ${printable(c.title)}`);
      for (const note of c.notes) {
        const [first = '', ...rest] = wrapWords(printable(note), 74);
        lines.push(`    ${style.dim('-')} ${first}`, ...rest.map((l) => `      ${l}`));
      }
    }
  }
  lines.push('', ...totals(summary, style), '');
  return lines.join('\n');
}

function operationTable(groups: OperationTally[], style: TerminalStyle): string[] {
  const header = ['operation', 'request', 'ok', 'fail', 'err', 'skip', 'statuses'];
  const rows = groups.map((g) => {
    const documented = g.coverage?.documented.length ?? 0;
    const exercised = g.coverage ? exercisedDocumented(g.coverage).length : 0;
    return [
      printable(g.operationId),
      printable(`${g.method.padEnd(6)} ${g.path}`),
      String(g.counts.passed),
      String(g.counts.failed),
      String(g.counts.errors),
      String(g.counts.skipped),
      g.coverage ? `${exercised}/${documented}` : '-',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (i: number) => i >= 2;
  const format = (cells: string[], colour: (cell: string, i: number) => string) =>
    '  ' + cells.map((cell, i) => {
      const width = widths[i] ?? 0;
      const padded = numeric(i) ? padStart(cell, width) : padEnd(cell, width);
      return colour(padded, i);
    }).join('  ').trimEnd();
  const out = [style.bold('Results by operation'), style.dim(format(header, (c) => c))];
  for (const row of rows) {
    out.push(format(row, (cell, i) => {
      if (i === 3 && cell.trim() !== '0') return style.red(cell);
      if (i === 4 && cell.trim() !== '0') return style.yellow(cell);
      if (i === 2 && cell.trim() !== '0') return style.green(cell);
      return cell;
    }));
  }
  if (rows.length === 0) out.push(style.dim('  (no operation was run)'));
  return out;
}

function labelled(label: string, value: string, style: TerminalStyle, colour: (s: string) => string = (s) => s): string[] {
  const indent = ' '.repeat(5 + LABEL_WIDTH);
  let text = printable(value);
  let lines = text.split('\n');
  if (lines.length > VALUE_MAX_LINES) {
    lines = [...lines.slice(0, VALUE_MAX_LINES), `… (${lines.length - VALUE_MAX_LINES} more lines)`];
  }
  text = lines.join('\n');
  if (text.length > VALUE_MAX_CHARS) text = `${text.slice(0, VALUE_MAX_CHARS)}… (${text.length - VALUE_MAX_CHARS} more characters)`;
  const [first = '', ...rest] = text.split('\n');
  return [`     ${style.dim(label.padEnd(LABEL_WIDTH))}${colour(first)}`, ...rest.map((l) => indent + colour(l))];
}

function explainProblem(p: Problem, n: number, style: TerminalStyle): string[] {
  const head = `  ${n}) ${style.bold(printable(p.check))} on ${printable(p.operationId)}${p.location !== undefined ? ` at ${printable(p.location)}` : ''}: ${p.count} case${p.count === 1 ? '' : 's'}`;
  const out = ['', head];
  if (p.request) out.push(...labelled('request', describeRequest(p.request), style));
  out.push(...labelled('message', p.message, style));
  if (p.expected !== undefined) out.push(...labelled('expected', p.expected, style));
  if (p.actual !== undefined) out.push(...labelled('got', p.actual, style));
  const shown = p.cases.slice(0, CASES_PER_PROBLEM);
  shown.forEach((c, i) => out.push(...labelled(i === 0 ? (p.count === 1 ? 'case' : 'cases') : '', c.title, style)));
  if (p.count > shown.length) out.push(`${' '.repeat(5 + LABEL_WIDTH)}${style.dim(`… and ${p.count - shown.length} more (the json, junit and html reports list every case)`)}`);
  // Whole, not cut like other values: it is meant to be copied and run.
  if (p.repro) out.push(`     ${style.dim('repro'.padEnd(LABEL_WIDTH))}`, ...p.repro.split('\n').map((line) => `       ${printable(line)}`));
  return out;
}

function explainError(c: ErroredCase, n: number, style: TerminalStyle): string[] {
  const out = ['', `  ${n}) ${style.bold(printable(c.operationId))}: ${printable(c.title)}`, ...labelled('reason', c.reason, style)];
  if (c.request) out.push(...labelled('request', describeRequest(c.request), style));
  if (c.earlier > 0) out.push(`${' '.repeat(5 + LABEL_WIDTH)}${style.dim(`after ${c.earlier} earlier request(s) of this case`)}`);
  return out;
}

function skippedByReason(byReason: ReadonlyMap<string, number>, style: TerminalStyle): string[] {
  return [...byReason].map(([reason, count]) => `  ${style.dim(`${String(count).padStart(3)} x`)} ${printable(reason)}`);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function totals(summary: RunSummary, style: TerminalStyle): string[] {
  const cov = coverageTotals(summary.coverage);
  const t = summary.totals;
  const passed = runPassed(summary);
  const counts = [
    style.green(`${t.passed} passed`),
    t.failed > 0 ? style.red(`${t.failed} failed`) : `${t.failed} failed`,
    t.errors > 0 ? style.yellow(plural(t.errors, 'error')) : plural(t.errors, 'error'),
    `${t.skipped} skipped`,
  ].join(', ');
  return [
    `${style.bold('Coverage'.padEnd(LABEL_WIDTH))}${cov.exercised}/${cov.documented} documented statuses exercised (${cov.percent}%), ` +
      `${cov.operationsExercised}/${cov.operations} operations`,
    `${style.bold('Cases'.padEnd(LABEL_WIDTH))}${t.cases} total: ${counts}`,
    `${style.bold('Time'.padEnd(LABEL_WIDTH))}${timeSplit(summary)}`,
    `${style.bold('Target'.padEnd(LABEL_WIDTH))}${printable(summary.baseUrl)}`,
    ...(summary.stoppedEarly ? [style.yellow(`Run stopped early: ${printable(summary.stoppedEarly)}`)] : []),
    ...(summary.leftBehind ? [style.yellow(`Left on the target: ${summary.leftBehind.length} record(s) this run created`), ...summary.leftBehind.map((r) => `  ${printable(r.record)}: ${printable(r.remove)}`)] : []),
    ...(summary.seed !== undefined ? [`${style.bold('Seed'.padEnd(LABEL_WIDTH))}${summary.seed} (phases ${(summary.phases ?? []).join(', ') || 'none'}; --seed ${summary.seed} replays the run)`] : []),
    ...(summary.budgetSpent ? [style.yellow(`Generation stopped: ${printable(summary.budgetSpent)}`)] : []),
    `${style.bold('Result'.padEnd(LABEL_WIDTH))}${passed ? style.bold(style.green('PASSED')) : style.bold(style.red('FAILED'))}`,
  ];
}

/** The run's time, split: sending (and checking), pacing under the target's limits, waiting on its refusals. */
function timeSplit(summary: RunSummary): string {
  const paced = summary.pacedMs ?? 0;
  const sending = Math.max(0, summary.durationMs - paced - summary.waitedMs);
  return `${formatDuration(summary.durationMs)}: ${formatDuration(sending)} sending, ${formatDuration(paced)} pacing, ${formatDuration(summary.waitedMs)} waiting on 429s`;
}

/** Breaks text into lines of at most `width` characters at spaces (a longer word stands alone). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
