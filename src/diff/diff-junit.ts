import { escapeXmlAttribute, escapeXmlText } from '../reporting/xml-escape.js';
import { atLeast } from './change.js';
import type { DiffReport } from './diff-report.js';

/** JUnit XML: a test case per change (a failure at or above --fail-on) and per refused replay request. */
export function diffJunit(report: DiffReport): string {
  const cases: string[] = [];
  let failures = 0;
  for (const change of report.changes) {
    const name = `${change.operation || '(document)'}: ${change.rule}`;
    const attrs = `classname="${escapeXmlAttribute(`diff.${change.level}`)}" name="${escapeXmlAttribute(name)}"`;
    if (atLeast(change.level, report.failOn)) {
      failures += 1;
      cases.push(`    <testcase ${attrs}>\n      <failure type="${change.rule}" message="${escapeXmlAttribute(change.message)}">${escapeXmlText(`${change.message}\nat ${change.path}`)}</failure>\n    </testcase>`);
    } else {
      cases.push(`    <testcase ${attrs}>\n      <system-out>${escapeXmlText(`${change.level}: ${change.message}\nat ${change.path}`)}</system-out>\n    </testcase>`);
    }
  }
  for (const finding of report.replay ?? []) {
    failures += 1;
    cases.push(`    <testcase classname="diff.replay" name="${escapeXmlAttribute(finding.request)}">\n      <failure type="replay" message="${escapeXmlAttribute(`${finding.status}: ${finding.said}`)}">${escapeXmlText(`${finding.operation}: the new document's mock answered ${finding.status}: ${finding.said}`)}</failure>\n    </testcase>`);
  }
  const name = escapeXmlAttribute(`petstore-kit diff ${report.old} -> ${report.new}`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${name}" tests="${cases.length}" failures="${failures}">\n  <testsuite name="${name}" tests="${cases.length}" failures="${failures}" errors="0" skipped="0">\n${cases.join('\n')}\n  </testsuite>\n</testsuites>\n`;
}
