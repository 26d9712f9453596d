/**
 * The planner asks which links give each path parameter of every request it builds; the
 * document's links are read once per plan, not once per question. Scanning every operation's
 * answers for each question made alertersystem.com's plan (500 operations) take 35 s, so the
 * sweep's runner ran out of its time before sending much (autotask.net, 2,958 operations, was
 * killed before it reported).
 */
import { expect, it } from 'vitest';
import { buildPlan } from '../../../src/contract/plan.js';
import { fromObject } from '../../../src/spec/load-document.js';

const OPERATIONS = 12;
const thing = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', maxLength: 10 } } };
const json = { 'application/json': { schema: thing } };
const paths: Record<string, object> = {};
for (let i = 0; i < OPERATIONS; i++) {
  paths[`/things${i}`] = {
    post: {
      operationId: `create${i}`,
      requestBody: { required: true, content: json },
      responses: { '201': { description: 'made', content: json, links: { read: { operationId: `get${i}`, parameters: { id: '$response.body#/id' } } } } },
    },
  };
  paths[`/things${i}/{id}`] = {
    parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', maxLength: 10 } }],
    get: { operationId: `get${i}`, responses: { '200': { description: 'one', content: json }, '404': { description: 'none' } } },
    put: { operationId: `put${i}`, requestBody: { required: true, content: json }, responses: { '200': { description: 'put', content: json } } },
  };
}

it('reads each answer\'s links once while planning every phase, and still plans the linked value', async () => {
  const loaded = await fromObject('things.json', { openapi: '3.0.3', info: { title: 'Things', version: '1' }, paths });
  let reads = 0;
  for (const item of Object.values(loaded.document.paths!)) {
    const response = (item as { post?: { responses: Record<string, Record<string, unknown>> } }).post?.responses['201'];
    if (!response) continue;
    const links = response['links'];
    Object.defineProperty(response, 'links', { get: () => (reads++, links), enumerable: true });
  }
  const plan = buildPlan(loaded, { tags: [], operations: [], skipStability: [], includeRateLimit: false });
  expect(plan.cases.length).toBeGreaterThan(OPERATIONS * 4);
  const read = plan.cases.find((c) => c.id.startsWith('get0/positive/'));
  expect(read?.request.pathParams['id']).toMatchObject({ expression: '$response.body#/id' });
  expect(reads).toBeLessThanOrEqual(OPERATIONS);
});
