/**
 * The end-of-run text of the console report: a table per operation, the failures explained,
 * coverage and totals. Pure: a RunSummary in, lines out, sized for an 80-column terminal.
 */
import type { CaseResult, Failure, RunSummary } from '../contract/events.js';
import {
  coverageTotals,
  describeExchange,
  exercisedDocumented,
  formatDuration,
  groupByOperation,
  lastExchange,
  runPassed,
  type OperationGroup,
} from './report-model.js';
import { padEnd, padStart, printable, type TerminalStyle } from './terminal-style.js';

const LABEL_WIDTH = 10;
const VALUE_MAX_CHARS = 600;
const VALUE_MAX_LINES = 12;
/** A case whose every check failed would fill the screen: the rest are in the report files. */
const FAILURES_PER_CASE = 5;

export function renderConsoleSummary(summary: RunSummary, style: TerminalStyle): string {
  const groups = groupByOperation(summary);
  const lines: string[] = ['', ...operationTable(groups, style)];
  const failed = summary.cases.filter((c) => c.status === 'failed');
  const errored = summary.cases.filter((c) => c.status === 'error');
  const skipped = summary.cases.filter((c) => c.status === 'skipped');
  if (failed.length > 0) lines.push('', style.bold(style.red(`Failures (${failed.length})`)), ...failed.flatMap((c, i) => explainFailure(c, i + 1, style)));
  if (errored.length > 0) lines.push('', style.bold(style.yellow(`Cases that could not run (${errored.length})`)), ...errored.flatMap((c, i) => explainError(c, i + 1, style)));
  if (skipped.length > 0) lines.push('', style.bold(`Skipped (${skipped.length})`), ...skippedByReason(skipped, style));
  const noted = summary.cases.filter((c) => (c.notes ?? []).length > 0);
  if (noted.length > 0) {
    lines.push('', style.bold('Notes'));
    for (const c of noted) {
      lines.push(`  ${printable(c.operationId)}: ${printable(c.title)}`);
      for (const note of c.notes ?? []) {
        const [first = '', ...rest] = wrapWords(printable(note), 74);
        lines.push(`    ${style.dim('-')} ${first}`, ...rest.map((l) => `      ${l}`));
      }
    }
  }
  lines.push('', ...totals(summary, style), '');
  return lines.join('\n');
}

function operationTable(groups: OperationGroup[], style: TerminalStyle): string[] {
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

function explainFailure(c: CaseResult, n: number, style: TerminalStyle): string[] {
  const out = ['', `  ${n}) ${style.bold(printable(c.operationId))}: ${printable(c.title)}`, ...requestLines(c, style)];
  const all: Failure[] = c.failures.length > 0 ? c.failures : [{ check: '(none named)', message: c.reason ?? 'the case failed' }];
  const failures = all.slice(0, FAILURES_PER_CASE);
  failures.forEach((f, i) => {
    if (i > 0) out.push('');
    out.push(...labelled('check', f.check, style, style.red));
    out.push(...labelled('message', f.message, style));
    if (f.location) out.push(...labelled('where', f.location, style));
    if (f.expected !== undefined) out.push(...labelled('expected', f.expected, style));
    if (f.actual !== undefined) out.push(...labelled('got', f.actual, style));
  });
  // Whole, not cut like other values: it is meant to be copied and run.
  if (c.repro) out.push('', `     ${style.dim('repro'.padEnd(LABEL_WIDTH))}`, ...c.repro.split('\n').map((line) => `       ${printable(line)}`));
  if (all.length > failures.length) {
    out.push('', `     ${style.dim(`… and ${all.length - failures.length} more failure(s) of this case (see the json, junit or html report)`)}`);
  }
  return out;
}

function requestLines(c: CaseResult, style: TerminalStyle): string[] {
  const last = lastExchange(c);
  if (!last) return [];
  const out = labelled('request', `${describeExchange(last)} (${formatDuration(last.durationMs)})`, style);
  if (c.exchanges.length > 1) out.push(`${' '.repeat(5 + LABEL_WIDTH)}${style.dim(`after ${c.exchanges.length - 1} earlier request(s) of this case`)}`);
  return out;
}

function explainError(c: CaseResult, n: number, style: TerminalStyle): string[] {
  return ['', `  ${n}) ${style.bold(printable(c.operationId))}: ${printable(c.title)}`, ...labelled('reason', c.reason ?? 'unknown', style), ...requestLines(c, style)];
}

function skippedByReason(skipped: CaseResult[], style: TerminalStyle): string[] {
  const byReason = new Map<string, number>();
  for (const c of skipped) {
    const reason = c.reason ?? 'no reason given';
    byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  }
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
