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
  /** What the new server said (its problem or message), shortened. */
  said: string;
}

/** True when the report should make the command exit 1. */
export function reportFails(report: DiffReport): boolean {
  return report.changes.some((change) => atLeast(change.level, report.failOn)) || (report.replay?.length ?? 0) > 0;
}

export function summaryLine(report: DiffReport): string {
  const counts = countByLevel(report.changes);
  const replay = report.replay ? `; replay: ${report.replay.length} old request${report.replay.length === 1 ? '' : 's'} refused by the new document's mock` : '';
  return `${report.changes.length} change${report.changes.length === 1 ? '' : 's'}: ${counts.breaking} breaking, ${counts.warning} warning, ${counts.info} info${replay} (fails on ${report.failOn}: ${reportFails(report) ? 'yes' : 'no'})`;
}
