import { toXmlChars } from '../reporting/xml-escape.js';
import type { DiffReport } from './diff-report.js';
import { summaryLine } from './diff-report.js';

/** The console report: one block per change, most severe first, and the summary last. */
export function diffConsole(report: DiffReport): string {
  const lines = [`petstore-kit diff: ${report.old} -> ${report.new}`];
  for (const change of report.changes) {
    lines.push(`${change.level.padEnd(8)} ${change.rule}  ${change.operation || '(document)'}`, `         ${change.message}`, `         at ${change.path}`);
  }
  if (report.replay) {
    lines.push(report.replay.length === 0 ? 'replay: every old request was accepted by the new document\'s mock' : 'replay: old requests the new document\'s mock refused:');
    for (const finding of report.replay) lines.push(`  ${finding.status} ${finding.request} (${finding.operation}): ${finding.said}`);
  }
  lines.push(summaryLine(report));
  return `${lines.map(toXmlChars).join('\n')}\n`;
}
