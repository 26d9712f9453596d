/**
 * `junit.xml`: the run as JUnit XML, the format GitHub Actions test reporters, GitLab and Jenkins
 * read. One <testsuite> per operation, one <testcase> per case (classname = operationId).
 */
import type { CaseResult, Exchange, LeftRecord, Reporter, RunSummary } from '../contract/events.js';
import { fileReporter } from './file-reporter.js';
import {
  describeExchange,
  exercisedDocumented,
  formatDuration,
  groupByOperation,
  maskHeaders,
  prettyBody,
  prettyValue,
  truncate,
  type OperationGroup,
} from './report-model.js';
import { escapeXmlAttribute as attr, escapeXmlText as text } from './xml-escape.js';

export const JUNIT_REPORT_FILE = 'junit.xml';

const BODY_MAX_CHARS = 4000;

/** Whole milliseconds, so that suite and run times are exact sums of the case times. */
const ms = (value: number) => (Number.isFinite(value) && value > 0 ? Math.round(value) : 0);
const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(3);

export function renderJunit(summary: RunSummary): string {
  const groups = groupByOperation(summary).filter((g) => g.cases.length > 0);
  const suites = groups.map((g) => renderSuite(g, summary.startedAt, (summary.leftBehind ?? []).filter((r) => r.operationId === g.operationId)));
  const totalMs = groups.reduce((sum, g) => sum + g.cases.reduce((s, c) => s + ms(c.durationMs), 0), 0);
  const counts = groups.reduce(
    (acc, g) => ({
      tests: acc.tests + g.cases.length,
      failures: acc.failures + g.counts.failed,
      errors: acc.errors + g.counts.errors,
      skipped: acc.skipped + g.counts.skipped,
    }),
    { tests: 0, failures: 0, errors: 0, skipped: 0 },
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${attr(`petstore-kit contract ${summary.baseUrl}`)}" tests="${counts.tests}" failures="${counts.failures}" ` +
      `errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(totalMs)}" timestamp="${attr(summary.startedAt)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function renderSuite(group: OperationGroup, timestamp: string, left: readonly LeftRecord[]): string {
  const timeMs = group.cases.reduce((s, c) => s + ms(c.durationMs), 0);
  const properties = [
    ['method', group.method],
    ['path', group.path],
    ...(group.coverage
      ? [
          ['statuses.documented', group.coverage.documented.join(' ')],
          ['statuses.exercised', exercisedDocumented(group.coverage).join(' ')],
        ]
      : []),
    ...left.map((r) => ['left-on-target', `${r.record}: ${r.remove}`]),
  ];
  return [
    `  <testsuite name="${attr(group.operationId)}" tests="${group.cases.length}" failures="${group.counts.failed}" ` +
      `errors="${group.counts.errors}" skipped="${group.counts.skipped}" time="${seconds(timeMs)}" timestamp="${attr(timestamp)}">`,
    '    <properties>',
    ...properties.map(([name = '', value = '']) => `      <property name="${attr(name)}" value="${attr(value)}"/>`),
    '    </properties>',
    ...group.cases.map(renderCase),
    '  </testsuite>',
  ].join('\n');
}

function renderCase(c: CaseResult): string {
  const open = `    <testcase classname="${attr(c.operationId)}" name="${attr(c.title)}" time="${seconds(ms(c.durationMs))}">`;
  const notes = (c.notes ?? []).length > 0 ? `      <system-out>${text((c.notes ?? []).map((n) => `note: ${n}`).join('\n'))}</system-out>` : '';
  switch (c.status) {
    case 'passed':
      return notes === '' ? `${open.slice(0, -1)}/>` : [open, notes, '    </testcase>'].join('\n');
    case 'skipped':
      return [open, `      <skipped message="${attr(c.reason ?? 'skipped')}"/>`, '    </testcase>'].join('\n');
    case 'error':
      return [
        open,
        `      <error message="${attr(c.reason ?? 'the case could not run')}" type="error">${text(exchangesText(c.exchanges))}</error>`,
        '    </testcase>',
      ].join('\n');
    case 'failed': {
      const [first] = c.failures;
      const more = c.failures.length > 1 ? ` (and ${c.failures.length - 1} more)` : '';
      const message = first ? `${first.check}: ${first.message}${more}` : (c.reason ?? 'the case failed');
      const type = c.failures.length > 0 ? [...new Set(c.failures.map((f) => f.check))].join(', ') : 'failure';
      return [
        open,
        `      <failure message="${attr(message)}" type="${attr(type)}">${text(failureText(c))}</failure>`,
        c.exchanges.length > 0 || notes !== ''
          ? `      <system-out>${text([...(c.repro ? [`repro:\n${c.repro}`] : []), ...(c.notes ?? []).map((n) => `note: ${n}`), exchangesText(c.exchanges)].filter((t) => t !== '').join('\n\n'))}</system-out>`
          : '',
        '    </testcase>',
      ].filter((line) => line !== '').join('\n');
    }
  }
}

function failureText(c: CaseResult): string {
  const blocks = c.failures.map((f) =>
    [
      `check:    ${f.check}`,
      `message:  ${f.message}`,
      f.location !== undefined ? `where:    ${f.location}` : '',
      f.expected !== undefined ? `expected: ${f.expected}` : '',
      f.actual !== undefined ? `got:      ${f.actual}` : '',
    ].filter((l) => l !== '').join('\n'),
  );
  const last = c.exchanges[c.exchanges.length - 1];
  if (last) blocks.push(`request:  ${describeExchange(last)} (${formatDuration(last.durationMs)})`);
  return blocks.join('\n\n');
}

function exchangesText(exchanges: readonly Exchange[]): string {
  return exchanges
    .map((e) => {
      const request = maskHeaders(e.request.headers);
      return [
        `> ${e.request.method.toUpperCase()} ${e.request.url}`,
        ...Object.entries(request).map(([k, v]) => `> ${k}: ${v}`),
        ...(e.request.body !== undefined ? ['>', truncate(prettyValue(e.request.body), BODY_MAX_CHARS)] : []),
        `< ${e.response.status} (${formatDuration(e.durationMs)})`,
        ...Object.entries(e.response.headers).map(([k, v]) => `< ${k}: ${v}`),
        ...(prettyBody(e.response) !== '' ? ['<', truncate(prettyBody(e.response), BODY_MAX_CHARS)] : []),
      ].join('\n');
    })
    .join('\n\n');
}

export function createJunitReporter(outDir: string): Reporter {
  return fileReporter('junit', outDir, JUNIT_REPORT_FILE, renderJunit);
}
