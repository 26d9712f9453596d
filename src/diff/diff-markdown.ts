import { toXmlChars } from '../reporting/xml-escape.js';
import { LEVELS } from './change.js';
import { reportFails, summaryLine, type DiffReport } from './diff-report.js';

const MARK = { breaking: '🔴', warning: '🟡', info: '⚪' } as const;

/** A pull-request comment: the verdict, then a table per level (breaking first). */
export function diffMarkdown(report: DiffReport): string {
  const lines = [
    `### API changes: \`${cell(report.old)}\` → \`${cell(report.new)}\``,
    '',
    `${reportFails(report) ? '**Fails**' : '**Passes**'} (\`--fail-on ${report.failOn}\`): ${summaryLine(report)}`,
  ];
  for (const level of LEVELS) {
    const changes = report.changes.filter((change) => change.level === level);
    if (changes.length === 0) continue;
    lines.push('', `#### ${MARK[level]} ${level} (${changes.length})`, '', '| operation | change | rule | where |', '| --- | --- | --- | --- |');
    for (const change of changes) lines.push(`| ${cell(change.operation || '(document)')} | ${cell(change.message)} | \`${change.rule}\` | \`${cell(change.path)}\` |`);
  }
  if (report.replay && report.replay.length > 0) {
    lines.push('', `#### Replay: old requests that conform against the old document's mock and not against the new one's (${report.replay.length})`, '', '| request | status | operation | said |', '| --- | --- | --- | --- |');
    for (const finding of report.replay) lines.push(`| \`${cell(finding.request)}\` | ${finding.status} | ${cell(finding.operation)} | ${cell(finding.said)} |`);
  }
  lines.push('', `<sub>petstore-kit diff; sunset dates compared with ${report.now}; rules: docs/diff-rules.md</sub>`, '');
  return lines.join('\n');
}

/** Text safe in a table cell: no pipe, no line break, no HTML. */
function cell(text: string): string {
  return toXmlChars(text).replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/`/g, "'");
}
