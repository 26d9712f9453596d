/**
 * What every report format derives from a RunSummary: counts, coverage totals, durations in
 * words, masking. Pure functions, so that the console, JUnit and HTML reports always agree on the
 * numbers (run-digest.ts keeps the per-operation counts and the problems as cases finish).
 */
import type { CaseResult, CaseStatus, CoverageRow, RecordedResponse, RunSummary } from '../contract/events.js';

export interface StatusCounts {
  passed: number;
  failed: number;
  skipped: number;
  errors: number;
}

export interface CoverageTotals {
  operations: number;
  /** Operations with at least one exercised status. */
  operationsExercised: number;
  documented: number;
  exercised: number;
  /** exercised / documented, 0..100, one decimal. */
  percent: number;
}

const COUNT_KEY: Record<CaseStatus, keyof StatusCounts> = {
  passed: 'passed',
  failed: 'failed',
  skipped: 'skipped',
  error: 'errors',
};

export function countStatuses(cases: readonly CaseResult[]): StatusCounts {
  const counts: StatusCounts = { passed: 0, failed: 0, skipped: 0, errors: 0 };
  for (const c of cases) counts[COUNT_KEY[c.status]] += 1;
  return counts;
}

/** Whether the run conforms: no failed case, no case that could not run, and not cut short by --max-duration. */
export function runPassed(summary: RunSummary): boolean {
  return summary.totals.failed === 0 && summary.totals.errors === 0 && summary.stoppedEarly === undefined;
}

export function coverageTotals(coverage: readonly CoverageRow[]): CoverageTotals {
  let documented = 0;
  let exercised = 0;
  let operationsExercised = 0;
  for (const row of coverage) {
    const hit = exercisedDocumented(row).length;
    documented += row.documented.length;
    exercised += hit;
    if (hit > 0) operationsExercised += 1;
  }
  const percent = documented === 0 ? 0 : Math.round((exercised / documented) * 1000) / 10;
  return { operations: coverage.length, operationsExercised, documented, exercised, percent };
}

/** The exercised statuses that are documented (an undocumented status is a failure, not coverage). */
export function exercisedDocumented(row: CoverageRow): string[] {
  const documented = new Set(row.documented);
  return [...new Set(row.exercised)].filter((s) => documented.has(s));
}

/** Every status documented by some operation, numeric ones ascending, then the rest (`default`). */
export function statusColumns(coverage: readonly CoverageRow[]): string[] {
  const all = new Set<string>();
  for (const row of coverage) for (const s of row.documented) all.add(s);
  return [...all].sort((a, b) => {
    const na = Number(a);
    const nb = Number(b);
    if (Number.isNaN(na) || Number.isNaN(nb)) return Number.isNaN(na) === Number.isNaN(nb) ? a.localeCompare(b) : Number.isNaN(na) ? 1 : -1;
    return na - nb;
  });
}

/** `850 ms`, `3.2 s`, `2 min 05 s`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '0 ms';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalSeconds = Math.round(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  return `${minutes} min ${String(totalSeconds % 60).padStart(2, '0')} s`;
}

const SECRET_HEADERS = new Set(['x-api-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/** Keys in reports are masked like the mock's request journal: first 4 and last 2 characters. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '*'.repeat(value.length);
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 6)}${value.slice(-2)}`;
}

export function maskHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    masked[name] = SECRET_HEADERS.has(name.toLowerCase()) ? maskSecret(String(value)) : value;
  }
  return masked;
}

/**
 * A copy of a case with credentials masked in every recorded exchange (a cookie the target sets
 * too), for report files. Each file reporter masks a case as it writes it: no copy of the whole run.
 */
export function maskCase(c: CaseResult): CaseResult {
  return {
    ...c,
    exchanges: c.exchanges.map((e) => ({ ...e, request: { ...e.request, headers: maskHeaders(e.request.headers) }, response: { ...e.response, headers: maskHeaders(e.response.headers) } })),
  };
}

/** The same for a summary held whole. */
export function maskSummary(summary: RunSummary): RunSummary {
  return { ...summary, cases: summary.cases.map(maskCase) };
}

/** A JSON value as indented text; text bodies as they came. */
export function prettyValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

export function prettyBody(response: RecordedResponse): string {
  if (response.body !== undefined && typeof response.body !== 'string') return prettyValue(response.body);
  return response.text ?? '';
}

/** Cuts text longer than `max` characters, saying how much was left out. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never cut a surrogate pair in half: a lone surrogate is not valid text in XML or HTML.
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}\n… (${text.length - end} more characters)`;
}
