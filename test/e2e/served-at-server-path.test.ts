/**
 * Served where the document says (INTERFACE section 15): the built CLI's mock answers each
 * operation at the document's server path (Swagger `basePath`, or the path of the first `servers`
 * URL) and at the root, and its start-up prints both. Before, `/api/v1/things` answered 404
 * "No operation" (Prism #906, #1591, #1987).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startMockProcess, type MockProcess } from '../helpers/mock-processes.js';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const THINGS = [
  'openapi: 3.0.3',
  'info: { title: Things, version: "1" }',
  'servers: [{ url: "https://{region}.example.com/api/v1/", variables: { region: { default: eu } } }]',
  'paths:',
  '  /things:',
  '    post:',
  '      operationId: createThing',
  '      requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/Thing" } } } }',
  '      responses:',
  "        '201': { description: made, headers: { Location: { schema: { type: string } } }, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }",
  '  /things/{id}:',
  '    get:',
  '      operationId: getThing',
  '      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]',
  '      responses:',
  "        '200': { description: ok, content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } } }",
  "        '404': { description: missing }",
  'components:',
  '  schemas:',
  '    Thing: { type: object, required: [name], properties: { id: { type: integer, readOnly: true }, name: { type: string } } }',
].join('\n');

/** The banner as a user sees it (the helper starts with --log-level error, which prints the address alone). */
function banner(spec: string): Promise<string> {
  const child = spawn(process.execPath, [CLI, 'mock', '--spec', spec, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Operations')) {
        child.kill('SIGTERM');
        resolve(out);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

describe('a document whose server URL has a path', () => {
  let mock: MockProcess;
  let spec: string;
  beforeAll(async () => {
    spec = join(mkdtempSync(join(tmpdir(), 'server-path-')), 'openapi.yaml');
    writeFileSync(spec, THINGS);
    mock = await startMockProcess(['--spec', spec]);
  });
  afterAll(() => mock.stop());

  it('answers each operation under /api/v1 and at the root, one store behind both', async () => {
    const made = await fetch(`${mock.url}/api/v1/things`, { method: 'POST', headers: { 'content-type': 'application/json', Authorization: 'Bearer k' }, body: JSON.stringify({ name: 'under' }) });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    // Location names the record where it was asked for.
    expect(made.headers.get('location')).toBe(`/api/v1/things/${id}`);
    for (const path of [`/api/v1/things/${id}`, `/things/${id}`]) {
      const read = await fetch(`${mock.url}${path}`, { headers: { Authorization: 'Bearer k' } });
      expect(read.status, path).toBe(200);
      expect(await read.json()).toEqual({ id, name: 'under' });
    }
    const atRoot = await fetch(`${mock.url}/things`, { method: 'POST', headers: { 'content-type': 'application/json', Authorization: 'Bearer k' }, body: JSON.stringify({ name: 'root' }) });
    expect(atRoot.headers.get('location')).toMatch(/^\/things\/\d+$/);
    expect((await fetch(`${mock.url}/api/v2/things/${id}`, { headers: { Authorization: 'Bearer k' } })).status).toBe(404);
  });

  it('the runner given the root adds the server path (INTERFACE section 16), and its report names the URL it used', async () => {
    const out = mkdtempSync(join(tmpdir(), 'server-path-report-'));
    const run = await runCli(['contract', '--spec', spec, '--base-url', mock.url, '--reporter', 'json', '--out', out]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { baseUrl: string; cases: { exchanges: { request: { url: string } }[] }[] };
    expect(report.baseUrl).toBe(`${mock.url}/api/v1`);
    const urls = report.cases.flatMap((c) => c.exchanges.map((e) => e.request.url));
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith(`${mock.url}/api/v1/`), url).toBe(true);
    // Given with the path already, it is kept as it is.
    const again = await runCli(['contract', '--spec', spec, '--base-url', `${mock.url}/api/v1/`, '--reporter', 'json', '--out', out]);
    expect(again.code).toBe(0);
    expect((JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { baseUrl: string }).baseUrl).toBe(`${mock.url}/api/v1`);
   }, 120_000);

  it('prints both addresses at start-up', async () => {
    const out = await banner(spec);
    const root = /(http:\/\/127\.0\.0\.1:\d+) {3}\(seed/.exec(out)?.[1];
    expect(root).toBeDefined();
    expect(out).toContain(`  ${root}/api/v1   (the document's server path: every operation answers there and at the root)`);
  });
});

it('a Swagger 2.0 basePath is a server path too', async () => {
  const mock = await startMockProcess(['--spec', 'test/fixtures/hostile-documents/ref-parent-folder/spec/swagger.yaml']);
  try {
    for (const path of ['/api/pets', '/pets']) expect((await fetch(`${mock.url}${path}`, { headers: { 'X-API-Key': 'k' } })).status, path).toBe(200);
  } finally {
    await mock.stop();
  }
});
