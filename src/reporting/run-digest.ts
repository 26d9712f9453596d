/**
 * What a reporter keeps of a run while it goes (decision 068): counts per operation, the problems,
 * and a line or two per case that could not run or left a note; never the cases' exchanges. Each
 * case is taken once, from its `case-finished` event, or from the summary when it arrives whole
 * (the proxy's, or a caller's that emits no case events).
 */
import type { CaseResult, CoverageRow, RunEvent, RunSummary } from '../contract/events.js';
import { failedRequest, ProblemIndex, type Problem } from './problems.js';
import type { FailedRequest } from '../contract/events.js';
import { countStatuses, type StatusCounts } from './report-model.js';

/** One operation's line of the reports: its counts and time, in the document's order. */
export interface OperationTally {
  operationId: string;
  method: string;
  path: string;
  /** How many cases ran, and of them how many passed, failed, could not run, were skipped. */
  cases: number;
  counts: StatusCounts;
  /** The cases' times summed, each in whole milliseconds (so a JUnit suite's time is their exact sum). */
  durationMs: number;
  coverage: CoverageRow | undefined;
}

/** A case that could not run, as the console lists it. */
export interface ErroredCase {
  index: number;
  operationId: string;
  title: string;
  reason: string;
  request?: FailedRequest;
  /** Requests the case made before the last. */
  earlier: number;
}

export interface NotedCase {
  operationId: string;
  title: string;
  notes: string[];
}

/** Whole milliseconds of a case's time (0 for a time that is not a positive number). */
export const wholeMs = (value: number) => (Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

export class RunDigest {
  readonly problems = new ProblemIndex();
  readonly errored: ErroredCase[] = [];
  readonly noted: NotedCase[] = [];
  /** Skipped cases per reason, in the order the reasons were first met. */
  readonly skippedReasons = new Map<string, number>();
  private readonly tallies = new Map<string, OperationTally>();
  private taken = 0;

  /** @param onCase also handed each case with its position in the run, before the digest forgets it. */
  constructor(private readonly onCase: (c: CaseResult, index: number) => void = () => {}) {}

  /** Takes the case of a `case-finished` event. */
  onEvent(event: RunEvent): void {
    if (event.type === 'case-finished') this.add(event.result);
  }

  /** Takes the summary's cases when none came one by one (a summary that arrives whole). */
  takeRest(summary: RunSummary): void {
    if (this.taken === 0) for (const c of summary.cases) this.add(c);
  }

  /** How many cases the digest has taken. */
  get cases(): number {
    return this.taken;
  }

  private add(c: CaseResult): void {
    const index = this.taken;
    this.taken += 1;
    const tally = this.tally(c.operationId, c.method, c.path);
    tally.cases += 1;
    const one = countStatuses([c]);
    for (const key of Object.keys(one) as (keyof StatusCounts)[]) tally.counts[key] += one[key];
    tally.durationMs += wholeMs(c.durationMs);
    this.problems.add(c, index);
    if (c.status === 'error') {
      const request = failedRequest(c, undefined);
      this.errored.push({ index, operationId: c.operationId, title: c.title, reason: c.reason ?? 'unknown', ...(request ? { request } : {}), earlier: Math.max(0, c.exchanges.length - 1) });
    }
    if (c.status === 'skipped') {
      const reason = c.reason ?? 'no reason given';
      this.skippedReasons.set(reason, (this.skippedReasons.get(reason) ?? 0) + 1);
    }
    if ((c.notes ?? []).length > 0) this.noted.push({ operationId: c.operationId, title: c.title, notes: c.notes ?? [] });
    this.onCase(c, index);
  }

  private tally(operationId: string, method: string, path: string): OperationTally {
    let tally = this.tallies.get(operationId);
    if (!tally) {
      tally = { operationId, method: method.toUpperCase(), path, cases: 0, counts: countStatuses([]), durationMs: 0, coverage: undefined };
      this.tallies.set(operationId, tally);
    }
    return tally;
  }

  /**
   * One line per operation, in the order of the coverage rows (the document's order), then any
   * operation that only appears in cases. Operations without cases are kept: an operation the run
   * never reached is worth seeing.
   */
  operations(coverage: readonly CoverageRow[]): OperationTally[] {
    const ordered = new Map<string, OperationTally>();
    for (const row of coverage) {
      const tally = this.tallies.get(row.operationId) ?? { operationId: row.operationId, method: row.method.toUpperCase(), path: row.path, cases: 0, counts: countStatuses([]), durationMs: 0, coverage: undefined };
      ordered.set(row.operationId, { ...tally, coverage: row });
    }
    for (const [id, tally] of this.tallies) if (!ordered.has(id)) ordered.set(id, tally);
    return [...ordered.values()];
  }

  problemList(): Problem[] {
    return this.problems.list();
  }
}
