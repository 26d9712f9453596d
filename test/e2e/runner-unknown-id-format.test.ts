/**
 * The unknown-id case sends an id the parameter accepts and no record has: for an id of `format:
 * date` (payrun.io's `GET /Employers/{EffectiveDate}`, the unseen sweep of stop 31) it sent
 * `no-such-record-0000`, and the mock's correct 400 was reported as status-expected.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contractOnDocument, type ContractOnDocument } from '../helpers/contract-on-document.js';

const DOC = [
  'openapi: 3.0.3',
  'info: { title: Employers, version: "1" }',
  'paths:',
  '  /employers:',
  '    post:',
  '      operationId: createEmployer',
  '      requestBody: { required: true, content: { application/json: { schema: { type: object, properties: { EffectiveDate: { type: string, format: date }, Name: { type: string } } } } } }',
  "      responses: { '201': { description: made, content: { application/json: { schema: { type: object, properties: { EffectiveDate: { type: string, format: date }, Name: { type: string } } } } } } }",
  '  /employers/{EffectiveDate}:',
  '    get:',
  '      operationId: getEmployer',
  '      parameters: [{ name: EffectiveDate, in: path, required: true, schema: { type: string, format: date } }]',
  "      responses: { '200': { description: one, content: { application/json: { schema: { type: object, properties: { EffectiveDate: { type: string, format: date }, Name: { type: string } } } } } }, '400': { description: bad }, '404': { description: none } }",
].join('\n');

let run: ContractOnDocument;
beforeAll(async () => {
  run = await contractOnDocument(DOC);
}, 120_000);
afterAll(() => run.mock.stop());

it('asks for an unknown record by a date the parameter accepts, and the mock answers 404', () => {
  const unknown = run.cases.find((c) => c.id === 'getEmployer/negative/unknown-id')!;
  expect(unknown.status, JSON.stringify(unknown.failures)).toBe('passed');
  expect(new URL(unknown.exchanges[0]!.request.url).pathname).toMatch(/^\/employers\/\d{4}-\d{2}-\d{2}$/);
  expect(unknown.exchanges[0]!.response.status).toBe(404);
});
