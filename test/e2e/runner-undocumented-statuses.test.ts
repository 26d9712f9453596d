/**
 * The sweep's "undocumented status" class (issue 20, decision 097): statuses the operation does not
 * list, answered by the kit's mock to requests the runner should not have sent as valid, or
 * judged where the runner itself asked for them. The built CLI's mock and runner as real
 * processes on a fixture of the shapes the unseen documents wrote (test/fixtures/status/).
 * Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaseResult, RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/status/undocumented-statuses.yaml', import.meta.url));

let mock: MockProcess | undefined;
let out: string;
let run: { code: number | null; report: RunSummary };

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'undocumented-statuses-'));
  mock = await startMockProcess(['--spec', DOCUMENT]);
  const { code } = await runContract(['--base-url', mock.url, '--spec', DOCUMENT, '--api-key', 'some-key', '--seed', '1', '--reporter', 'json', '--out', out]);
  run = { code, report: JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary };
}, 240_000);

afterAll(async () => {
  await mock?.stop();
  await rm(out, { recursive: true, force: true });
});

const byId = (id: string): CaseResult | undefined => run.report.cases.find((c) => c.id === id);
const sent = () => run.report.cases.flatMap((c) => c.exchanges);

describe('the runner against its own mock: no status the document does not list', () => {
  it('passes every case, exit 0', () => {
    expect(run.report.cases.filter((c) => c.status === 'failed' || c.status === 'error').map((c) => `${c.id}: ${c.failures?.map((f) => f.message).join('; ')}`)).toEqual([]);
    expect(run.code).toBe(0);
  });

  it('sends a body in the +json type the operation documents, which the mock reads (was application/json, answered 415)', () => {
    const posts = sent().filter((e) => e.request.method === 'POST' && new URL(e.request.url).pathname === '/users');
    const patches = sent().filter((e) => e.request.method === 'PATCH');
    expect(posts.length).toBeGreaterThan(0);
    expect(patches.length).toBeGreaterThan(0);
    for (const e of posts) expect(e.request.headers['content-type']).toBe('application/scim+json');
    for (const e of patches) expect(e.request.headers['content-type']).toBe('application/merge-patch+json');
    expect(byId('createUser/positive/example:generated')?.exchanges[0]?.response.status).toBe(201);
    expect(byId('patchUser/positive/example:generated')?.status).toBe('passed');
  });

  it("takes the mock's 404 to its own question whether a name is free before a PUT, though the read documents only 200", () => {
    const read = byId('getRule/positive/plain');
    expect(read?.status).toBe('passed');
    // The question, then the PUT it frees, then the read the case is about.
    expect(read?.exchanges.slice(0, 3).map((e) => `${e.request.method} ${e.response.status}`)).toEqual(['GET 404', 'PUT 201', 'GET 200']);
  });

  it('fills minProperties and sends base64 for a byte string (was {} and "x", answered 400)', () => {
    const create = byId('createExtension/positive/example:generated');
    expect(create?.status).toBe('passed');
    const body = create?.exchanges[0]?.request.body as { Actions: Record<string, unknown>; Certificate: string };
    expect(Object.keys(body.Actions).length).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(body.Certificate, 'base64').toString('base64')).toBe(body.Certificate);
    expect(create?.exchanges[0]?.response.status).toBe(201);
  });

  it('does not page by a query parameter that is an object (`page[number]`): no page=1, answered 400', () => {
    const paged = sent().filter((e) => new URL(e.request.url).searchParams.has('page'));
    expect(paged.map((e) => e.request.url)).toEqual([]);
  });
});
