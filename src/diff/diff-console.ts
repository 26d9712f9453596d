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
    lines.push(report.replay.length === 0 ? "replay: the old contract's requests conform against the new document's mock as against the old one's" : "replay: old requests that conform against the old document's mock and not against the new one's:");
    for (const finding of report.replay) lines.push(`  ${finding.status} ${finding.request} (${finding.operation}${finding.cases ? `, ${finding.cases} cases` : ''}): ${finding.said}`);
  }
  lines.push(summaryLine(report));
  return `${lines.map(toXmlChars).join('\n')}\n`;
}
