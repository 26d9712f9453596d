import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/contract/events.js';
import { createConsoleReporter, type ConsoleReporterOptions } from '../../../src/reporting/console-reporter.js';
import { wantsColor } from '../../../src/reporting/terminal-style.js';
import { NOTE, eventsFor, exchange, failingRunSummary, hostileRunSummary, makeCase, passingRunSummary, summarize } from '../../fixtures/run-summary.js';

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

  it('leads with the problems: check, operation, place, the request that failed, expected and got', () => {
    const out = run(failingRunSummary());
    expect(out.indexOf('Problems (3), in 2 failed cases')).toBeLessThan(out.indexOf('Results by operation'));
    const problems = out.slice(out.indexOf('Problems (3)'), out.indexOf('Cases that could not run'));
    expect(problems).toContain('1) response-schema on createPet at $.status: 1 case');
    expect(problems).toContain('request   POST http://127.0.0.1:4010/pets -> 201');
    expect(problems).toContain('expected  one of "available", "pending", "sold"');
    expect(problems).toContain('got       "adopted"');
    expect(problems).toContain('case      POST /pets with example "dog" answers 201');
    expect(problems).toContain('2) rate-limit-headers on createPet at header X-RateLimit-Remaining: 1 case');
    expect(problems).toContain('3) deprecation-headers on getPetById at header Deprecation: 1 case');
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
    const details = /^ {5}(request|check|message|where|expected|got|reason|case|cases| {9}) /;
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

  it('groups the same failure of many cases into one problem, naming ten of them and counting the rest', () => {
    const summary = failingRunSummary();
    const failed = summary.cases[2]!;
    const copies = Array.from({ length: 14 }, (_, i) => ({
      ...failed,
      id: `copy-${i}`,
      title: `POST /pets copy ${i + 1}`,
      // Each answer lists pets; the same field of another item is the same place in the schema.
      failures: [{ ...failed.failures[0]!, location: `$[${i}].status` }],
    }));
    const out = run(summarize(copies, summary.coverage));
    expect(out).toContain('Problems (1), in 14 failed cases');
    expect(out).toContain('1) response-schema on createPet at $[*].status: 14 cases');
    expect(out).toContain('cases     POST /pets copy 1\n');
    expect(out).toContain('POST /pets copy 10\n');
    expect(out).not.toContain('POST /pets copy 11\n');
    expect(out).toContain('… and 4 more (the json, junit and html reports list every case)');
  });

  it('names the request that failed, not the clean-up request that came after it', () => {
    const created = exchange('POST', '/pets', 201, { id: 9 }, { requestBody: { name: 'Rex' } });
    const cleanUp = { ...exchange('DELETE', '/pets/9', 204, undefined), cleanup: true as const };
    const failing = makeCase({ operationId: 'createPet', method: 'POST', path: '/pets', title: 'POST /pets answers 201', exchanges: [created, cleanUp], failures: [{ check: 'body-schema', message: 'is required', location: '$.name' }] }, 'failed');
    const out = run(summarize([failing], []));
    expect(out).toContain('request   POST http://127.0.0.1:4010/pets -> 201');
    expect(out).not.toContain('DELETE http://127.0.0.1:4010/pets/9');
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
