/**
 * Issue 20, class 6, through the built CLI: a request the runner would build from a document
 * example that breaks the document's own schema is not sent; the case is skipped with the reason,
 * and the run conforms. Before, it was sent, the mock's correct 400 was reported as a failure and
 * the run exited 1.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const DOC = [
  'openapi: 3.0.3',
  'info: { title: Notes, version: "1" }',
  'paths:',
  '  /notes:',
  '    post:',
  '      operationId: createNote',
  '      requestBody:',
  '        required: true',
  '        content:',
  '          application/json:',
  '            schema: { type: object, required: [title], properties: { title: { type: string, maxLength: 20 } } }',
  '            example: { title: 42 }',
  '      responses:',
  "        '200': { description: ok, content: { application/json: { schema: { type: object, properties: { title: { type: string } } } } } }",
  "        '400': { description: bad }",
].join('\n');

let mock: MockProcess;
let spec: string;
let out: string;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'precheck-'));
  spec = join(dir, 'openapi.yaml');
  out = join(dir, 'out');
  writeFileSync(spec, DOC);
  mock = await startMockProcess(['--spec', spec]);
});
afterAll(() => mock.stop());

it('skips a positive case whose request the document refuses, naming the rule, and sends nothing for it', async () => {
  const run = await runCli(['contract', '--spec', spec, '--base-url', mock.url, '--reporter', 'json', '--out', out]);
  expect(run.code, run.stdout + run.stderr).toBe(0);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { cases: { id: string; status: string; reason?: string; exchanges: unknown[] }[] };
  const example = report.cases.find((c) => c.id.startsWith('createNote/positive/example'));
  expect(example).toMatchObject({ status: 'skipped', exchanges: [] });
  expect(example!.reason).toMatch(/^not sent: the runner could not make a request the document accepts \(\/body\/title must be a string\)$/);
}, 120_000);
