/**
 * `junit.xml`: the run as JUnit XML, the format GitHub Actions test reporters, GitLab and Jenkins
 * read. First a `problems` suite, one failed testcase per problem (failures grouped by cause, the
 * cases that show it listed), then one <testsuite> per operation, one <testcase> per case
 * (classname = operationId). Each case is rendered when it finishes and kept on disk until the
 * end (case-spool.ts), so the run's memory does not grow with its cases (decision 068).
 */
import type { CaseResult, Exchange, LeftRecord, Reporter, RunEvent, RunSummary } from '../contract/events.js';
import type { CaseTexts } from './case-spool.js';
import { spooledReporter, type Sink } from './file-reporter.js';
import { describeRequest, failedRequest, type Problem } from './problems.js';
import {
  exercisedDocumented,
  formatDuration,
  maskHeaders,
  prettyBody,
  prettyValue,
  truncate,
} from './report-model.js';
import { wholeMs, type OperationTally, type RunDigest } from './run-digest.js';
import { escapeXmlAttribute as attr, escapeXmlText as text } from './xml-escape.js';

export const JUNIT_REPORT_FILE = 'junit.xml';

const BODY_MAX_CHARS = 4000;
/** The suite that leads the file: one testcase per problem. */
export const PROBLEMS_SUITE = 'problems';

const seconds = (milliseconds: number) => (milliseconds / 1000).toFixed(3);

export function createJunitReporter(outDir: string): Reporter {
  return spooledReporter('junit', outDir, JUNIT_REPORT_FILE, { renderCase: (c) => `${renderCase(c)}\n`, write: writeJunit });
}

function writeJunit(sink: Sink, summary: RunSummary, digest: RunDigest, texts: CaseTexts): void {
  const write = (line: string) => sink(`${line}\n`);
  const operations = digest.operations(summary.coverage).filter((t) => t.cases > 0);
  const problems = digest.problemList();
  const totalMs = operations.reduce((sum, t) => sum + t.durationMs, 0);
  const counts = operations.reduce(
    (acc, t) => ({ tests: acc.tests + t.cases, failures: acc.failures + t.counts.failed, errors: acc.errors + t.counts.errors, skipped: acc.skipped + t.counts.skipped }),
    { tests: problems.length, failures: problems.length, errors: 0, skipped: 0 },
  );
  write('<?xml version="1.0" encoding="UTF-8"?>');
  write(
    `<testsuites name="${attr(`petstore-kit contract ${summary.baseUrl}`)}" tests="${counts.tests}" failures="${counts.failures}" ` +
      `errors="${counts.errors}" skipped="${counts.skipped}" time="${seconds(totalMs)}" timestamp="${attr(summary.startedAt)}">`,
  );
  if (problems.length > 0) write(renderProblems(problems, summary.startedAt));
  for (const tally of operations) {
    write(suiteOpening(tally, summary.startedAt, (summary.leftBehind ?? []).filter((r) => r.operationId === tally.operationId)));
    texts.copyGroup(tally.operationId, sink);
    write('  </testsuite>');
  }
  write('</testsuites>');
}

/** The leading suite: a failed testcase per problem, naming its check, operation and place, and listing its cases. */
function renderProblems(problems: readonly Problem[], timestamp: string): string {
  const cases = problems.map((p) => {
    const name = `${p.check} on ${p.operationId}${p.location !== undefined ? ` at ${p.location}` : ''} (${p.count} case${p.count === 1 ? '' : 's'})`;
    const details = [
      `check:    ${p.check}`,
      `message:  ${p.message}`,
      p.location !== undefined ? `where:    ${p.location}` : '',
      p.expected !== undefined ? `expected: ${p.expected}` : '',
      p.actual !== undefined ? `got:      ${p.actual}` : '',
      p.request ? `request:  ${describeRequest(p.request)}` : '',
      `cases (${p.count}):`,
      ...p.cases.map((c) => `  - ${c.title}${c.request ? ` (${describeRequest(c.request)})` : ''}`),
    ].filter((l) => l !== '');
    return [
      `    <testcase classname="${PROBLEMS_SUITE}" name="${attr(name)}" time="0.000">`,
      `      <failure message="${attr(`${p.check}: ${p.message} (${p.count} case${p.count === 1 ? '' : 's'})`)}" type="${attr(p.check)}">${text(details.join('\n'))}</failure>`,
      '    </testcase>',
    ].join('\n');
  });
  return [
    `  <testsuite name="${PROBLEMS_SUITE}" tests="${problems.length}" failures="${problems.length}" errors="0" skipped="0" time="0.000" timestamp="${attr(timestamp)}">`,
    '    <properties>',
    `      <property name="about" value="${attr('failures grouped by check, operation and place; the suites that follow hold every case')}"/>`,
    '    </properties>',
    ...cases,
    '  </testsuite>',
  ].join('\n');
}

function suiteOpening(tally: OperationTally, timestamp: string, left: readonly LeftRecord[]): string {
  const properties = [
    ['method', tally.method],
    ['path', tally.path],
    ...(tally.coverage
      ? [
          ['statuses.documented', tally.coverage.documented.join(' ')],
          ['statuses.exercised', exercisedDocumented(tally.coverage).join(' ')],
        ]
      : []),
    ...left.map((r) => ['left-on-target', `${r.record}: ${r.remove}`]),
  ];
  return [
    `  <testsuite name="${attr(tally.operationId)}" tests="${tally.cases}" failures="${tally.counts.failed}" ` +
      `errors="${tally.counts.errors}" skipped="${tally.counts.skipped}" time="${seconds(tally.durationMs)}" timestamp="${attr(timestamp)}">`,
    '    <properties>',
    ...properties.map(([name = '', value = '']) => `      <property name="${attr(name)}" value="${attr(value)}"/>`),
    '    </properties>',
  ].join('\n');
}

function renderCase(c: CaseResult): string {
  const open = `    <testcase classname="${attr(c.operationId)}" name="${attr(c.title)}" time="${seconds(wholeMs(c.durationMs))}">`;
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
  return c.failures
    .map((f) => {
      const request = failedRequest(c, f);
      return [
        `check:    ${f.check}`,
        `message:  ${f.message}`,
        f.location !== undefined ? `where:    ${f.location}` : '',
        f.expected !== undefined ? `expected: ${f.expected}` : '',
        f.actual !== undefined ? `got:      ${f.actual}` : '',
        request ? `request:  ${describeRequest(request)}` : '',
      ].filter((l) => l !== '').join('\n');
    })
    .join('\n\n');
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

