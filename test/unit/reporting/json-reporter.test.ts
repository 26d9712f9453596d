import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_SCHEMA_VERSION, createJsonReporter } from '../../../src/reporting/json-reporter.js';
import { eventsFor, failingRunSummary } from '../../fixtures/run-summary.js';

describe('json reporter', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-json-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes report.json: the run summary with a schema version, creating the directory', async () => {
    const summary = failingRunSummary();
    const out = join(dir, 'nested', 'reports');
    await createJsonReporter(out).finish?.(summary);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8'));
    expect(report.schemaVersion).toBe(REPORT_SCHEMA_VERSION);
    expect(report.totals).toEqual(summary.totals);
    expect(report.coverage).toEqual(summary.coverage);
    expect(report.cases).toHaveLength(summary.cases.length);
    expect(report.cases[2].failures).toEqual(summary.cases[2]?.failures);
    expect(report.cases[2].exchanges[0].response).toEqual(summary.cases[2]?.exchanges[0]?.response);
  });

  it('writes each case as it finishes and the problems at the end; a run that could not be made leaves no file', async () => {
    const summary = failingRunSummary();
    const events = eventsFor(summary);
    const reporter = createJsonReporter(dir);
    for (const event of events.slice(0, -1)) reporter.onEvent(event);
    const partial = await readFile(join(dir, 'report.json.part'), 'utf8');
    expect(partial).toContain('"title": "POST /categories with example \\"bird\\" answers 201"');
    await reporter.abort?.();
    expect(await readdir(dir)).toEqual([]);

    const streamed = createJsonReporter(dir);
    for (const event of events) streamed.onEvent(event);
    // The CLI's summary comes without its cases: the reporter took them one by one.
    await streamed.finish?.({ ...summary, cases: [] });
    const report = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    expect(report.cases).toHaveLength(summary.cases.length);
    expect(report.totals).toEqual(summary.totals);
    expect(report.problems.map((p: { check: string; count: number }) => `${p.check} ${p.count}`)).toEqual(['response-schema 1', 'rate-limit-headers 1', 'deprecation-headers 1']);
    expect(await readdir(dir)).toEqual(['report.json']);
  });

  it('masks the API key of every recorded request', async () => {
    await createJsonReporter(dir).finish?.(failingRunSummary());
    const text = await readFile(join(dir, 'report.json'), 'utf8');
    expect(text).not.toContain('demo-enterprise');
    expect(text).toContain('demo*********se');
  });
});
