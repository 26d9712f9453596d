import { atLeast, countByLevel, type Change, type ChangeLevel } from './change.js';

/** What every diff reporter is given. */
export interface DiffReport {
  old: string;
  new: string;
  /** The instant sunset dates were compared with (ISO). */
  now: string;
  failOn: ChangeLevel;
  changes: Change[];
  /** Old requests a mock of the new document refused (with --replay). */
  replay?: ReplayFinding[];
}

export interface ReplayFinding {
  operation: string;
  /** `POST /pets`, as sent. */
  request: string;
  status: number;
  /** The check that failed and what it said, shortened. */
  said: string;
  /** How many of the old contract's cases met the same (operation, status), when more than one. */
  cases?: number;
}

/** True when the report should make the command exit 1. */
export function reportFails(report: DiffReport): boolean {
  return report.changes.some((change) => atLeast(change.level, report.failOn)) || (report.replay?.length ?? 0) > 0;
}

export function summaryLine(report: DiffReport): string {
  const counts = countByLevel(report.changes);
  const replay = report.replay ? `; replay: ${report.replay.length} old request${report.replay.length === 1 ? '' : 's'} the new document's mock answers differently` : '';
  return `${report.changes.length} change${report.changes.length === 1 ? '' : 's'}: ${counts.breaking} breaking, ${counts.warning} warning, ${counts.info} info${replay} (fails on ${report.failOn}: ${reportFails(report) ? 'yes' : 'no'})`;
}
