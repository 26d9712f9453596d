/**
 * One resource model for mock and runner (INTERFACE section 15, decision 061), through the built
 * CLI: the mock and the runner as real processes on two documents of the APIs.guru directory
 * (test/fixtures/directory/README.md). Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/directory/${name}`, import.meta.url));

async function runAgainstOwnMock(document: string): Promise<{ code: number | null; report: RunSummary }> {
  const out = await mkdtemp(join(tmpdir(), 'resource-model-'));
  mock = await startMockProcess(['--spec', document]);
  try {
    const run = await runContract(['--base-url', mock.url, '--spec', document, '--api-key', 'any', '--reporter', 'json', '--out', out], () => {});
    return { code: run.code, report: JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

let mock: MockProcess | undefined;
afterEach(async () => {
  await mock?.stop();
  mock = undefined;
});

describe('one resource model for mock and runner', () => {
  it('creates a record made by a PUT at its item path before reading it, and both agree an unknown name answers 404', async () => {
    const { report } = await runAgainstOwnMock(fixture('azure-querypacks.json'));
    const status = (id: string) => report.cases.find((c) => c.id === id)?.status;
    // Before: the GET sent the example name to a mock holding no such record and answered 404.
    expect(status('QueryPacks_Get/positive/plain')).toBe('passed');
    expect(status('QueryPacks_Get/negative/unknown-id')).toBe('passed');
    expect(status('QueryPacks_UpdateTags/state/updated-reads-back')).toBe('passed');
    expect(status('QueryPacks_Delete/state/deleted-reads-404')).toBe('passed');
    expect(report.cases.filter((c) => c.status === 'error')).toEqual([]);
  }, 180_000);

  it('claims no 404 for an unknown id where the model cannot tell the record (the mock serves the example)', async () => {
    const { code, report } = await runAgainstOwnMock(fixture('godaddy-shoppers.json'));
    // Before: get/negative/unknown-id expected 404 and the mock, serving the example, answered 200.
    expect(report.cases.map((c) => c.id)).not.toContain('get/negative/unknown-id');
    expect(report.cases.filter((c) => c.status === 'failed').map((c) => c.id)).toEqual([]);
    expect(code).toBe(0);
  }, 180_000);
});
