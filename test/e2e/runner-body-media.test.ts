/**
 * The runner's requests on bodies documented under another key than `application/json`, through
 * the built CLI against the built mock (the classes of the unseen sweep, stop 31):
 * - a body documented as `application/scim+json` went out as `application/json` and the mock's
 *   correct 415 was reported as a positive_data_acceptance failure (docker.com/hub, alertersystem);
 * - a body under `*\/*` was not prechecked, and its `format: byte` field went out as `x`
 *   (no base64): the mock's correct 400 was reported (kubernetes.io certificate requests);
 * - a negative case's set-up create was not prechecked, so a create the runner could not make
 *   valid failed the case (amazonaws.com/appconfig GetExtension/negative/no-key): now skipped.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contractOnDocument, type ContractOnDocument } from '../helpers/contract-on-document.js';

const DOC = [
  'openapi: 3.0.3',
  'info: { title: Media, version: "1" }',
  'security: [{ key: [] }]',
  'components:',
  '  securitySchemes: { key: { type: apiKey, in: header, name: X-Key } }',
  '  schemas:',
  '    User: { type: object, required: [userName], properties: { id: { type: string, readOnly: true }, userName: { type: string } } }',
  '    Csr: { type: object, required: [request], properties: { id: { type: string, readOnly: true }, request: { type: string, format: byte } } }',
  '    Extension: { type: object, required: [actions], properties: { id: { type: string, readOnly: true }, actions: { type: object, minProperties: 1, additionalProperties: false } } }',
  'paths:',
  '  /users:',
  '    post:',
  '      operationId: createUser',
  '      requestBody: { required: true, content: { application/scim+json: { schema: { $ref: "#/components/schemas/User" } } } }',
  "      responses: { '201': { description: made, content: { application/scim+json: { schema: { $ref: '#/components/schemas/User' } } } }, '400': { description: bad }, '401': { description: no } }",
  '  /csrs:',
  '    post:',
  '      operationId: createCsr',
  '      requestBody: { required: true, content: { "*/*": { schema: { $ref: "#/components/schemas/Csr" } } } }',
  "      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Csr' } } } }, '400': { description: bad }, '401': { description: no } }",
  '  /extensions:',
  '    post:',
  '      operationId: createExtension',
  '      requestBody: { required: true, content: { application/json: { schema: { $ref: "#/components/schemas/Extension" } } } }',
  "      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Extension' } } } }, '400': { description: bad }, '401': { description: no } }",
  '  /extensions/{id}:',
  '    get:',
  '      operationId: getExtension',
  '      parameters: [{ name: id, in: path, required: true, schema: { type: string } }]',
  "      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Extension' } } } }, '401': { description: no }, '404': { description: none } }",
].join('\n');

let run: ContractOnDocument;
let cases: ContractOnDocument['cases'];
beforeAll(async () => {
  run = await contractOnDocument(DOC, ['--api-key', 'any-key']);
  cases = run.cases;
}, 120_000);
afterAll(() => run.mock.stop());

const byId = (id: string) => cases.find((c) => c.id === id);

it('sends a body as the JSON media type the document names for it, and the mock takes it', () => {
  const created = byId('createUser/positive/example:generated');
  expect(created?.status).toBe('passed');
  expect(created!.exchanges[0]!.request.headers['content-type']).toBe('application/scim+json');
  expect(created!.exchanges[0]!.response.status).toBe(201);
});

it('fills a format: byte field with base64 under a */* body, and the mock takes it', () => {
  const created = byId('createCsr/positive/example:generated');
  expect(created?.status).toBe('passed');
  const body = created!.exchanges[0]!.request.body as { request: string };
  expect(body.request).toMatch(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/);
  expect(body.request).not.toBe('');
  expect(created!.exchanges[0]!.response.status).toBe(201);
});

it('skips, with the rule it could not meet, a negative case whose set-up create the runner cannot make valid', () => {
  const negative = byId('getExtension/negative/no-key');
  expect(negative).toMatchObject({ status: 'skipped', exchanges: [] });
  expect(negative!.reason).toMatch(/^not sent: the runner could not make a request the document accepts \(\/body\/actions must NOT have fewer than 1 properties\)$/);
});

it('ends the run with no failure', () => {
  expect(cases.filter((c) => c.status === 'failed' || c.status === 'error').map((c) => `${c.id}: ${c.reason ?? ''}`)).toEqual([]);
  expect(run.code, run.output).toBe(0);
});
