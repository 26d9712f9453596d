import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_SCHEMA_VERSION, createJsonReporter } from '../../../src/reporting/json-reporter.js';
import { failingRunSummary } from '../../fixtures/run-summary.js';

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

  it('masks the API key of every recorded request', async () => {
    await createJsonReporter(dir).finish?.(failingRunSummary());
    const text = await readFile(join(dir, 'report.json'), 'utf8');
    expect(text).not.toContain('demo-enterprise');
    expect(text).toContain('demo*********se');
  });
});
