/**
 * The runner's own false failures on documents of the APIs.guru directory (issue 20, INTERFACE
 * sections 15-16), through the built CLI: the mock and the runner as real processes on documents
 * copied from the directory (test/fixtures/directory/README.md). Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseResult, RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/directory/${name}`, import.meta.url));
/** Limits far above what one run sends, as the sweep sets them: these tests are about the runner's requests, not rate limits. */
/** As the sweep's mock (decision 055): no limits in the way, and it knows the run's key (`--auth known-keys`), so the wrong-key case of ignored_auth meets a 401. */
const NO_LIMITS = {
  plans: Object.fromEntries(['Free', 'Pro', 'Business', 'Enterprise'].map((p) => [p, { perMinute: 10_000_000, perDay: 100_000_000 }])),
  keys: [{ key: 'classes-key', plan: 'Enterprise', scope: 'read-write' }],
};

let mock: MockProcess | undefined;
afterEach(async () => {
  await mock?.stop();
  mock = undefined;
});

async function runAgainstOwnMock(document: string): Promise<{ code: number | null; report: RunSummary }> {
  const out = await mkdtemp(join(tmpdir(), 'runner-classes-'));
  try {
    await writeFile(join(out, 'config.json'), JSON.stringify(NO_LIMITS));
    mock = await startMockProcess(['--spec', document, '--config', join(out, 'config.json'), '--auth', 'known-keys']);
    const run = await runContract(['--base-url', mock.url, '--spec', document, '--api-key', 'classes-key', '--seed', '1', '--reporter', 'json', '--out', join(out, 'report')]);
    return { code: run.code, report: JSON.parse(await readFile(join(out, 'report', 'report.json'), 'utf8')) as RunSummary };
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

const failedIds = (report: RunSummary) => report.cases.filter((c) => c.status === 'failed' || c.status === 'error').map((c) => c.id);
const byId = (report: RunSummary, id: string): CaseResult | undefined => report.cases.find((c) => c.id === id);

describe('the runner on documents it has never seen', () => {
  it('sends the clean-up DELETE with its required If-Match, and no wrong-type body the schema accepts (apimbackends)', async () => {
    const { code, report } = await runAgainstOwnMock(fixture('azure-apimbackends.json'));
    // Before: every clean-up DELETE lacked If-Match and answered 400 (32 failed cases), and
    // "properties" (a schema with no type) took the runner's "wrong-type" value (3 failed cases).
    expect(failedIds(report)).toEqual([]);
    expect(code).toBe(0);
    const cleanups = report.cases.flatMap((c) => c.exchanges).filter((e) => e.cleanup && e.request.method === 'DELETE');
    expect(cleanups.length).toBeGreaterThan(0);
    for (const e of cleanups) {
      expect(Object.keys(e.request.headers).map((h) => h.toLowerCase())).toContain('if-match');
      expect([200, 204]).toContain(e.response.status);
    }
    const wrongType = byId(report, 'Backend_CreateOrUpdate/negative/bad-body:wrong-type-properties');
    expect(wrongType?.status).toBe('skipped');
    expect(wrongType?.reason).toMatch(/the document accepts this request/);
    // A set-up PUT may go out (the record the case needs, body `{}`); none carries a non-object `properties`.
    const carriesWrongType = (body: unknown) => typeof body === 'object' && body !== null && 'properties' in body && typeof (body as { properties?: unknown }).properties !== 'object';
    expect(wrongType?.exchanges.filter((e) => !e.cleanup && e.request.method === 'PUT' && carriesWrongType(e.request.body))).toEqual([]);
  }, 240_000);

  it('sends no boundary value as accepted that the document refuses, and says why (bcgnws: its fromDate example breaks its own schema)', async () => {
    const { report } = await runAgainstOwnMock(fixture('bcgov-bcgnws.json'));
    // Before: 52 boundary cases sent "enum:json" with the example fromDate, a date-time where the schema says integer, and reported the mock's right 400.
    const onBound = byId(report, 'getNamesChanges/boundary/query.outputFormat-enum:json');
    expect(onBound?.status).toBe('skipped');
    expect(onBound?.reason).toMatch(/could not make a request the document accepts \(\/query\/fromDate must be an integer/);
    expect(onBound?.exchanges.filter((e) => !e.cleanup)).toEqual([]);
    expect(report.cases.filter((c) => c.kind === 'boundary' && c.status === 'failed').map((c) => c.id)).toEqual([]);
  }, 240_000);

  it('plans no missing-header case that no answer could pass, and says why (walmart price documents only 200)', async () => {
    const { code, report } = await runAgainstOwnMock(fixture('walmart-price.json'));
    // Before: 18 missing-header cases failed status_code_conformance on the mock's 400, which the document does not list.
    const missing = report.cases.filter((c) => c.id.includes('/negative/missing-header:'));
    expect(missing.length).toBeGreaterThan(0);
    for (const c of missing) {
      expect(c.status).toBe('skipped');
      expect(c.reason).toMatch(/no answer for a refused request/);
      expect(c.exchanges).toEqual([]);
    }
    expect(failedIds(report)).toEqual([]);
    expect(code).toBe(0);
  }, 240_000);

  it('tries as unsupported only a method the router sends nowhere (streetviewpublish: GET /v1/photo/{id} is photo.get)', async () => {
    const document = fixture('google-streetviewpublish.json');
    mock = await startMockProcess(['--spec', document]);
    // The mock routes GET /v1/photo/{id} to photo.get, documented at /v1/photo/{photoId}.
    const routed = await fetch(`${mock.url}/v1/photo/abc?key=any`);
    expect(routed.status).not.toBe(405);
    const plan = await runContract(['--base-url', mock.url, '--spec', document, '--api-key', 'any', '--dry-run']);
    expect(plan.code).toBe(0);
    const unsupported = plan.stdout.split('\n').filter((line) => line.includes('unsupported-method'));
    // Before: photo.update (PUT /v1/photo/{id}) was sent GET as undocumented, and the mock answered photo.get's 200.
    expect(unsupported.some((line) => line.includes('streetviewpublish.photo.update/negative/unsupported-method:get'))).toBe(false);
    expect(unsupported.some((line) => line.includes('POST /v1/photo/{id}\tnegative/unsupported-method:post'))).toBe(true);
  }, 120_000);
});
