/**
 * Where a document's `$ref`s may lead (INTERFACE section 15, decision 063), through the built CLI
 * (`npm run build` first): a `$ref` to a local file is resolved relative to the file that holds
 * it, as Prism and Redocly do; `--ref-root DIR` confines; a remote `$ref` is refused unless
 * `--allow-remote-refs`, then fetched from a server of this test on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

// A real Swagger 2.0 layout: spec/swagger.yaml refers to ../common/Error.yaml (before: refused as
// "points outside the document's folder", exit 2; Prism serves it).
const MULTI_FILE = 'test/fixtures/hostile-documents/ref-parent-folder/spec/swagger.yaml';
const mocks: MockProcess[] = [];
afterAll(() => Promise.all(mocks.map((m) => m.stop())));

async function serve(args: string[]): Promise<MockProcess> {
  const mock = await startMockProcess(args);
  mocks.push(mock);
  return mock;
}

describe('a document split over folders', () => {
  it('mock serves it: the error schema of ../common/Error.yaml shapes its errors', async () => {
    const mock = await serve(['--spec', MULTI_FILE]);
    const missing = await fetch(`${mock.url}/pets/999999`, { headers: { 'X-API-Key': 'k' } });
    expect(missing.status).toBe(404);
    const body = (await missing.json()) as Record<string, unknown>;
    // common/Error.yaml: required code (integer) and message (string).
    expect(typeof body.code).toBe('number');
    expect(typeof body.message).toBe('string');
  });

  it('contract and proxy load it too, and all three refuse it under --ref-root its own folder', async () => {
    const mock = await serve(['--spec', MULTI_FILE]);
    const run = await runCli(['contract', '--spec', MULTI_FILE, '--base-url', mock.url, '--api-key', 'k', '--operation', 'findPets']);
    expect(run.stderr).not.toContain('$ref');
    expect(run.code).toBe(0);
    const root = resolve('test/fixtures/hostile-documents/ref-parent-folder/spec');
    for (const args of [['mock', '--port', '0'], ['contract', '--base-url', mock.url, '--api-key', 'k'], ['proxy', '--upstream', mock.url, '--port', '0']]) {
      const refused = await runCli([...args, '--spec', MULTI_FILE, '--ref-root', root]);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`("../common/Error.yaml") that points outside --ref-root (${root})`);
    }
  });

  it('is served under --ref-root the folder that holds both', async () => {
    const mock = await serve(['--spec', MULTI_FILE, '--ref-root', 'test/fixtures/hostile-documents/ref-parent-folder']);
    expect((await fetch(`${mock.url}/pets`, { headers: { 'X-API-Key': 'k' } })).status).toBe(200);
  });
});

describe('remote $refs', () => {
  let server: Server;
  let base: string;
  let spec: string;
  let fileRef: string;
  beforeAll(async () => {
    // thing.yaml refers on to ./name.yaml: relative to its URL, so fetched too.
    const files: Record<string, string> = {
      '/thing.yaml': 'Thing:\n  type: object\n  required: [id, name]\n  properties:\n    id: { type: integer, example: 7 }\n    name: { $ref: "./name.yaml" }\n',
      '/name.yaml': 'type: string\nenum: [remote-name]\n',
      '/sneaky.yaml': 'type: object\nproperties:\n  secret: { $ref: "file:///etc/hostname" }\n',
    };
    server = createServer((req, res) => {
      const text = files[req.url ?? ''];
      res.writeHead(text === undefined ? 404 : 200, { 'content-type': 'application/yaml' }).end(text ?? 'not found');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const dir = mkdtempSync(join(tmpdir(), 'remote-refs-'));
    const doc = (ref: string) => `openapi: 3.0.3\ninfo: { title: Remote, version: "1" }\npaths:\n  /things/{id}:\n    get:\n      operationId: getThing\n      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]\n      responses:\n        '200': { description: ok, content: { application/json: { schema: { $ref: '${ref}' } } } }\n`;
    spec = join(dir, 'openapi.yaml');
    writeFileSync(spec, doc(`${base}/thing.yaml#/Thing`));
    fileRef = join(dir, 'sneaky.yaml');
    writeFileSync(fileRef, doc(`${base}/sneaky.yaml`));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('are refused by default, naming the file, the JSON path and the flag', async () => {
    const refused = await runCli(['mock', '--spec', spec, '--port', '0']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${spec}: has a $ref at /paths/~1things~1{id}/get/responses/200/content/application~1json/schema/$ref ("${base}/thing.yaml#/Thing") that is a remote URL; the kit does not fetch $refs unless --allow-remote-refs is given`);
  });

  it('are fetched with --allow-remote-refs, their own relative $refs too', async () => {
    const mock = await serve(['--spec', spec, '--allow-remote-refs']);
    const answer = await fetch(`${mock.url}/things/3`, { headers: { 'X-API-Key': 'k' } });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { name: string }).name).toBe('remote-name');
  });

  it('a fetched file cannot make the kit read a local one', async () => {
    const refused = await runCli(['mock', '--spec', fileRef, '--port', '0', '--allow-remote-refs']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${base}/sneaky.yaml: has a $ref at /properties/secret/$ref ("file:///etc/hostname") that is a URL the kit does not read (http and https only)`);
  });
});
