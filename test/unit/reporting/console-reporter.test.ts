import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/contract/events.js';
import { createConsoleReporter, type ConsoleReporterOptions } from '../../../src/reporting/console-reporter.js';
import { wantsColor } from '../../../src/reporting/terminal-style.js';
import { NOTE, eventsFor, failingRunSummary, hostileRunSummary, passingRunSummary } from '../../fixtures/run-summary.js';

function run(summary: RunSummary, options: ConsoleReporterOptions = { color: false }, stream = new PassThrough()): string {
  let out = '';
  stream.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const reporter = createConsoleReporter(stream, options);
  for (const event of eventsFor(summary)) reporter.onEvent(event);
  return out;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[/;

describe('console reporter', () => {
  it('prints a progress line per finished case with its mark, title and time', () => {
    const lines = run(failingRunSummary()).split('\n');
    expect(lines).toContain('[1/9] ✓ GET /pets answers 200 with a page of pets (5 ms)');
    expect(lines).toContain('[3/9] ✗ POST /pets with example "dog" answers 201 (5 ms)');
    expect(lines).toContain('[9/9] ! POST /categories with example "bird" answers 201 (1 ms)');
    expect(lines.some((l) => l.startsWith('[8/9] - PUT /store/inventory/{petId}') && l.endsWith('(skipped)'))).toBe(true);
    expect(lines).toContain('      … waiting 2.0 s: 429 with Retry-After: 2');
  });

  it('prints a table per operation with case counts and statuses exercised of documented', () => {
    const out = run(failingRunSummary());
    expect(out).toMatch(/operation\s+request\s+ok\s+fail\s+err\s+skip\s+statuses/);
    expect(out).toMatch(/createPet\s+POST\s+\/pets\s+1\s+1\s+0\s+0\s+2\/9/);
    expect(out).toMatch(/createCategory\s+POST\s+\/categories\s+0\s+0\s+1\s+0\s+0\/8/);
  });

  it('explains each failure: check, message, where, expected, got and the request', () => {
    const out = run(failingRunSummary());
    const failure = out.slice(out.indexOf('Failures (2)'), out.indexOf('Cases that could not run'));
    expect(failure).toContain('1) createPet: POST /pets with example "dog" answers 201');
    expect(failure).toContain('request   POST http://127.0.0.1:4010/pets -> 201 (4 ms)');
    expect(failure).toContain('check     response-schema');
    expect(failure).toContain('where     $.status');
    expect(failure).toContain('expected  one of "available", "pending", "sold"');
    expect(failure).toContain('got       "adopted"');
    expect(failure).toContain('check     rate-limit-headers');
    expect(failure).toContain('check     deprecation-headers');
    expect(out).toContain('reason    connect ECONNREFUSED 127.0.0.1:4010');
    expect(out).toContain('1 x stability experimental is skipped (--skip-stability experimental)');
  });

  it('lists the notes of cases, such as records left on the target', () => {
    const out = run(passingRunSummary());
    const notes = out.slice(out.indexOf('Notes\n'), out.indexOf('Coverage'));
    expect(notes).toContain('  deletePet: DELETE /pets/{petId} answers 204 and the pet then reads 404\n    - left on the target');
    expect(notes.replace(/\s+/g, ' ')).toContain(NOTE);
  });

  it('ends with coverage, totals, the time split into sending, pacing and waiting, and the verdict', () => {
    const failing = run(failingRunSummary());
    expect(failing).toContain('Coverage  8/48 documented statuses exercised (16.7%), 4/6 operations');
    expect(failing).toContain('Cases     9 total: 5 passed, 2 failed, 1 error, 1 skipped');
    expect(failing).toContain('Time      5.7 s: 3.7 s sending, 0 ms pacing, 2.0 s waiting on 429s');
    const paced = run({ ...failingRunSummary(), pacedMs: 1_500 });
    expect(paced).toContain('Time      5.7 s: 2.2 s sending, 1.5 s pacing, 2.0 s waiting on 429s');
    expect(failing.trimEnd().endsWith('Result    FAILED')).toBe(true);
    const passing = run(passingRunSummary());
    expect(passing.trimEnd().endsWith('Result    PASSED')).toBe(true);
    expect(passing).not.toContain('Failures');
  });

  it('fits an 80-column terminal outside failure details', () => {
    const out = run(failingRunSummary(), { color: false, width: 80 });
    const details = /^ {5}(request|check|message|where|expected|got|reason) /;
    for (const line of out.split('\n').filter((l) => !details.test(l))) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it('cuts a long title to the line width, 100 columns when not writing to a terminal', () => {
    const summary = passingRunSummary();
    const first = summary.cases[0];
    if (first) first.title = `GET /pets ${'with a very long description '.repeat(6)}answers 200`;
    const line = run(summary).split('\n').find((l) => l.startsWith('[1/8]')) ?? '';
    expect([...line].length).toBe(100);
    expect(line).toMatch(/… \(5 ms\)$/);
    const narrow = run(summary, { color: false, width: 80 }).split('\n').find((l) => l.startsWith('[1/8]')) ?? '';
    expect([...narrow].length).toBe(80);
  });

  it('explains at most five failures of one case and counts the rest', () => {
    const summary = failingRunSummary();
    const failed = summary.cases[2];
    if (failed) failed.failures = Array.from({ length: 8 }, (_, i) => ({ check: `check-${i + 1}`, message: `failure ${i + 1}` }));
    const out = run(summary);
    expect(out).toContain('check     check-5');
    expect(out).not.toContain('check-6');
    expect(out).toContain('… and 3 more failure(s) of this case (see the json, junit or html report)');
  });

  it('uses colour only when asked or on a TTY without NO_COLOR', () => {
    expect(run(failingRunSummary())).not.toMatch(ANSI);
    expect(run(failingRunSummary(), { color: true })).toMatch(ANSI);
    const tty = Object.assign(new PassThrough(), { isTTY: true });
    expect(wantsColor(tty, {})).toBe(true);
    expect(wantsColor(tty, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColor(new PassThrough(), {})).toBe(false);
  });

  it('never sends control characters from the target to the terminal', () => {
    const out = run(hostileRunSummary());
    expect(out).not.toMatch(ANSI);
    expect(out).not.toContain('\u0000');
    expect(out).toContain('\\u001b[31m');
    expect(out).toContain('🐶');
  });

  it('prints the summary once even when run-finished arrives twice', () => {
    const summary = passingRunSummary();
    const stream = new PassThrough();
    let out = '';
    stream.on('data', (c: Buffer) => (out += c.toString()));
    const reporter = createConsoleReporter(stream, { color: false });
    reporter.onEvent({ type: 'run-finished', summary });
    reporter.onEvent({ type: 'run-finished', summary });
    expect(out.match(/Result {4}PASSED/g)).toHaveLength(1);
  });
});
