/**
 * `GET /__admin/requests?format=har`: the mock's journal as a HAR 1.2 that `petstore-kit verify`
 * accepts, with credentials masked and bodies bounded; verify's json and junit reporters. Real
 * mock processes (in memory, and two on one real redis-server), the built CLI. Needs `npm run build`.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import harValidator from 'har-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, runCli, startMockProcess, useRedisMockProcesses, type MockProcess } from '../helpers/mock-processes.js';

const SPEC = fileURLToPath(new URL('../../spec/petstore.yaml', import.meta.url));
const KEY = 'demo-pro';

interface Har {
  log: { entries: { request: { url: string; headers: { name: string; value: string }[]; postData?: { text: string } }; response: { status: number; content: { text?: string; size: number; comment?: string } } }[]; comment?: string };
}

/** A few exchanges a frontend makes: a list, a create with a body, a read, a 404 and a 401. */
async function session(mocks: MockProcess[], name: string): Promise<void> {
  const headers = { 'X-API-Key': KEY, 'X-Mock-Session': name };
  const at = (i: number) => mocks[i % mocks.length]!;
  expect((await callJson(at(0), headers, 'GET', '/pets?limit=2')).status).toBe(200);
  const created = await callJson(at(1), headers, 'POST', '/pets', { name: 'Rex', categoryId: 1 });
  expect(created.status).toBe(201);
  expect((await callJson(at(0), headers, 'GET', `/pets/${created.body.id}`)).status).toBe(200);
  expect((await callJson(at(1), headers, 'GET', '/pets/99999')).status).toBe(404);
  expect((await callJson(at(0), { 'X-API-Key': 'not-a-known-key-123', 'X-Mock-Session': name }, 'GET', '/pets')).status).toBe(401);
}

async function harOf(mock: MockProcess, name: string): Promise<{ text: string; har: Har }> {
  const res = await fetch(`${mock.url}/__admin/requests?format=har`, { headers: { 'X-Mock-Session': name } });
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, har: JSON.parse(text) as Har };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-journal-har-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the journal as a HAR, in memory', () => {
  let mock: MockProcess;
  beforeAll(async () => {
    mock = await startMockProcess([]);
  }, 60_000);
  afterAll(() => mock?.stop());

  it('is a valid HAR 1.2 that verify passes, every credential masked', async () => {
    await session([mock], 'har-memory');
    const { text, har } = await harOf(mock, 'har-memory');
    await expect(harValidator.har(har)).resolves.toBeTruthy();
    expect(har.log.entries.map((e) => e.response.status)).toEqual([200, 201, 200, 404, 401]);
    expect(har.log.entries[1]!.request.postData?.text).toBe('{"name":"Rex","categoryId":1}');
    expect(JSON.parse(har.log.entries[1]!.response.content.text!)).toMatchObject({ name: 'Rex', categoryId: 1, status: 'available' });
    expect(har.log.entries[0]!.request.url).toBe(`${mock.url}/pets?limit=2`);
    // The keys sent are in the HAR only masked (first 4 and last 2 characters), as in the journal.
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('not-a-known-key-123');
    expect(har.log.entries[0]!.request.headers).toContainEqual({ name: 'x-api-key', value: 'demo…ro' });
    // The JSON listing stays one short line per request.
    const listing = (await callJson(mock, { 'X-Mock-Session': 'har-memory' }, 'GET', '/__admin/requests')).body as Record<string, unknown>[];
    expect(listing).toHaveLength(5);
    expect(listing.every((line) => !('exchange' in line))).toBe(true);

    const file = join(dir, 'memory.har');
    await writeFile(file, text);
    const run = await runCli(['verify', '--spec', SPEC, '--har', file]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('5 exchanges: 5 conform, 0 break the document; 0 problems');
    expect(run.code).toBe(0);
  }, 60_000);

  it('verify names an answer that breaks the document, in console, json and junit reports', async () => {
    const { har } = await harOf(mock, 'har-memory');
    const created = har.log.entries[1]!;
    const body = JSON.parse(created.response.content.text!) as Record<string, unknown>;
    delete body.name;
    created.response.content.text = JSON.stringify(body);
    const file = join(dir, 'broken.har');
    await writeFile(file, JSON.stringify(har));
    const out = join(dir, 'reports');
    const run = await runCli(['verify', '--spec', SPEC, '--har', file, '--reporter', 'console,json,junit', '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('problem  response_schema_conformance  POST /pets');
    expect(run.stdout).toContain('5 exchanges: 4 conform, 1 break the document; 1 problem');
    const json = JSON.parse(await readFile(join(out, 'verify.json'), 'utf8')) as { exchanges: number; broken: number; fails: boolean; problems: { check: string; exchanges: string[] }[] };
    expect(json).toMatchObject({ exchanges: 5, broken: 1, fails: true });
    expect(json.problems.map((p) => [p.check, p.exchanges])).toEqual([['response_schema_conformance', ['#2 POST /pets -> 201']]]);
    const junit = await readFile(join(out, 'verify-junit.xml'), 'utf8');
    expect(junit).toContain('<testsuites name="petstore-kit verify');
    expect(junit).toMatch(/tests="1" failures="1"/);
    expect(junit).toContain('<failure type="response_schema_conformance"');
    const refused = await runCli(['verify', '--spec', SPEC, '--har', file, '--reporter', 'xml']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--reporter takes console, json, junit (got 'xml')");
  }, 60_000);

  it('keeps no body over 16 KiB: the HAR says so and verify does not judge it', async () => {
    const long = 'x'.repeat(20_000);
    const headers = { 'X-API-Key': KEY, 'X-Mock-Session': 'har-long' };
    expect((await callJson(mock, headers, 'POST', '/categories', { name: 'Big', description: long })).status).toBeLessThan(500);
    const { har } = await harOf(mock, 'har-long');
    const entry = har.log.entries[0]!;
    expect(entry.request.postData).toBeUndefined();
    expect(JSON.stringify(entry)).not.toContain(long);
    const file = join(dir, 'long.har');
    await writeFile(file, JSON.stringify(har));
    const run = await runCli(['verify', '--spec', SPEC, '--har', file]);
    expect(run.stdout).not.toContain('response_schema_conformance');
  }, 60_000);
});

describe('the journal as a HAR, on Redis', () => {
  const mocks = useRedisMockProcesses('journal-har');

  it('lists the exchanges made through both replicas, and verify passes them', async () => {
    const name = `har-redis-${process.pid}`;
    await session(mocks, name);
    const { text, har } = await harOf(mocks[1]!, name);
    expect(har.log.entries.map((e) => e.response.status)).toEqual([200, 201, 200, 404, 401]);
    expect(text).not.toContain(KEY);
    const file = join(dir, 'redis.har');
    await writeFile(file, text);
    const run = await runCli(['verify', '--spec', SPEC, '--har', file]);
    expect(run.stdout).toContain('5 exchanges: 5 conform, 0 break the document; 0 problems');
    expect(run.code).toBe(0);
  }, 60_000);
});
