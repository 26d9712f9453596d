/**
 * Read-back and clean-up on a VTEX-shaped document (vtex.local/MasterData-API- of the unseen
 * sweep, stop 31: 9 failed and 20 errors, "error: cleanup" x20), through the built CLI against
 * the built mock:
 * - the parent path value comes from the parameter's default, not from a record the run made: the
 *   read-back and the clean-up DELETE left `{acronym}` unfilled (404; the DELETE was then refused
 *   as "could change records this run did not create");
 * - the create answers a receipt `{Href, Id}` while the record has no id field: the mock answered
 *   a generated `Id` (the mock's side, src/engine/crud), so the runner read another record;
 * - the read's documented record names other fields than the write answers or sends: those are
 *   not compared (the document promises nothing of them).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contractOnDocument, type ContractOnDocument } from '../helpers/contract-on-document.js';

const DOC = [
  'openapi: 3.0.3',
  'info: { title: Documents, version: "1" }',
  'components:',
  '  parameters:',
  '    acronym: { name: acronym, in: path, required: true, schema: { type: string, default: "{{acronym}}" } }',
  '    id: { name: id, in: path, required: true, schema: { type: string } }',
  '  schemas:',
  '    Receipt: { type: object, required: [Id, Href], properties: { Id: { type: string }, Href: { type: string } } }',
  '    Fields: { type: object, required: [campo1], properties: { campo1: { type: string }, campo2: { type: integer } } }',
  'paths:',
  '  /entities/{acronym}/documents:',
  '    post:',
  '      operationId: createDocument',
  '      parameters: [{ $ref: "#/components/parameters/acronym" }]',
  '      requestBody: { required: true, content: { application/json: { schema: { type: object }, example: { Boolean: true, Text: hello } } } }',
  "      responses: { '200': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Receipt' } } } } }",
  '  /entities/{acronym}/documents/{id}:',
  '    get:',
  '      operationId: getDocument',
  '      parameters: [{ $ref: "#/components/parameters/acronym" }, { $ref: "#/components/parameters/id" }]',
  "      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Fields' } } } } }",
  '    put:',
  '      operationId: replaceDocument',
  '      parameters: [{ $ref: "#/components/parameters/acronym" }, { $ref: "#/components/parameters/id" }]',
  '      requestBody: { required: true, content: { application/json: { schema: { type: object }, example: { Boolean: false } } } }',
  "      responses: { '200': { description: replaced } }",
  '    delete:',
  '      operationId: deleteDocument',
  '      parameters: [{ $ref: "#/components/parameters/acronym" }, { $ref: "#/components/parameters/id" }]',
  "      responses: { '204': { description: gone } }",
].join('\n');

let run: ContractOnDocument;
let cases: ContractOnDocument['cases'];
beforeAll(async () => {
  run = await contractOnDocument(DOC, []);
  cases = run.cases;
}, 120_000);
afterAll(() => run.mock.stop());

const byId = (id: string) => cases.find((c) => c.id === id)!;
const path = (url: string) => decodeURIComponent(new URL(url).pathname);

it('reads back and removes the created record under the parent value its create was sent to, by the id the create answered', () => {
  const created = byId('createDocument/state/created-reads-back');
  expect(created.status, JSON.stringify(created.failures)).toBe('passed');
  const [post, get, remove] = created.exchanges;
  const id = (post!.response.body as { Id: string }).Id;
  expect(get!.request.method).toBe('GET');
  expect(path(get!.request.url)).toBe(`/entities/{{acronym}}/documents/${id}`);
  expect(get!.response.status).toBe(200);
  expect(remove!.request.method).toBe('DELETE');
  expect(path(remove!.request.url)).toBe(`/entities/{{acronym}}/documents/${id}`);
  expect(remove!.response.status).toBe(204);
});

it('compares a replace with its read-back only on the fields the read documents', () => {
  const replaced = byId('replaceDocument/state/updated-reads-back');
  expect(replaced.status, JSON.stringify(replaced.failures)).toBe('passed');
});

it('ends the run with no failure and no error', () => {
  expect(cases.filter((c) => c.status === 'failed' || c.status === 'error').map((c) => `${c.id}: ${c.reason ?? ''} ${JSON.stringify(c.failures ?? [])}`)).toEqual([]);
  expect(run.code, run.output).toBe(0);
});
