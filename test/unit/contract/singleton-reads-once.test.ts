/**
 * A path parameter nothing else gives may be read from a GET answering one object (listed-ids.ts
 * singletonValueSource). Those GETs are read once per plan, not once per parameter asked about:
 * reading every GET's answer for each question took 93 of the 106 s of autotask.net's plan
 * (2,958 operations), and the sweep killed the runner before it reported.
 */
import { expect, it } from 'vitest';
import { buildPlan } from '../../../src/contract/plan.js';
import { fromObject } from '../../../src/spec/load-document.js';

const SINGLETONS = 10;
const ITEMS = 30;
const paths: Record<string, object> = {};
const object = (properties: object) => ({ 'application/json': { schema: { type: 'object', properties } } });
for (let i = 0; i < SINGLETONS; i++) paths[`/info${i}`] = { get: { operationId: `info${i}`, responses: { '200': { description: 'one', content: object({ [`other${i}`]: { type: 'string' } }) } } } };
paths['/me'] = { get: { operationId: 'me', responses: { '200': { description: 'me', content: object({ code: { type: 'string' } }) } } } };
for (let i = 0; i < ITEMS; i++) {
  paths[`/reports${i}/{code}`] = {
    parameters: [{ name: 'code', in: 'path', required: true, schema: { type: 'string' } }],
    get: { operationId: `report${i}`, responses: { '200': { description: 'one', content: object({ code: { type: 'string' } }) }, '404': { description: 'none' } } },
  };
}

it('reads the answers of the GETs without path parameters a bounded number of times, and still takes the value from the one that has it', async () => {
  const loaded = await fromObject('reports.json', { openapi: '3.0.3', info: { title: 'Reports', version: '1' }, paths });
  let reads = 0;
  for (let i = 0; i < SINGLETONS; i++) {
    const response = (loaded.document.paths![`/info${i}`] as unknown as { get: { responses: Record<string, Record<string, unknown>> } }).get.responses['200']!;
    const content = response['content'];
    Object.defineProperty(response, 'content', { get: () => (reads++, content), enumerable: true });
  }
  const plan = buildPlan(loaded, { tags: [], operations: [], skipStability: [], includeRateLimit: false });
  const read = plan.cases.find((c) => c.id.startsWith('report0/positive/'));
  expect(read?.request.pathParams['code']).toMatchObject({ fixture: expect.any(String), expression: '$response.body#/code' });
  expect(reads / SINGLETONS).toBeLessThan(ITEMS);
});
