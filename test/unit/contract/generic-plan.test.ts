import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../../src/contract/plan.js';
import { idFromBody } from '../../../src/contract/resources.js';
import { fromObject, loadDocument } from '../../../src/spec/load-document.js';
import { NOTES_DOCUMENT } from '../../helpers/notes-server.js';

const defaults: PlanOptions = { tags: [], operations: [], skipStability: [], includeRateLimit: false };

const shop = {
  openapi: '3.0.3',
  info: { title: 'Shop', version: '1' },
  security: [{ key: [] }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'api_key' } } },
  paths: {
    '/users': {
      post: {
        operationId: 'addUser',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['username'], properties: { username: { type: 'string', example: 'ann' } } } } } },
        responses: { '200': { description: 'the user', content: { 'application/json': { schema: { type: 'object', properties: { username: { type: 'string' } } } } } } },
      },
    },
    '/users/{username}': {
      parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getUser', responses: { '200': { description: 'ok' }, '404': { description: 'absent' } } },
    },
    '/users/{username}/avatar': {
      parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }],
      put: {
        operationId: 'setAvatar',
        requestBody: { required: true, content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } },
        responses: { '204': { description: 'set' }, '4XX': { description: 'refused' } },
      },
    },
    '/reports/{reportId}': {
      get: {
        operationId: 'getReport',
        security: [],
        parameters: [
          { name: 'reportId', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'format', in: 'query', required: true, schema: { type: 'string', enum: ['pdf', 'csv'] } },
          { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

describe('the plan on documents other than the Petstore', () => {
  it('takes a path parameter from the link of the create answer that gives it', async () => {
    const { cases, resources } = buildPlan(await loadDocument(NOTES_DOCUMENT), defaults);
    const read = cases.find((c) => c.id === 'readNote/positive/plain')!;
    expect([read.fixtures, read.request.pathParams, read.skipReason]).toEqual([['note'], { noteKey: { fixture: 'note', expression: '$response.body#/key' } }, undefined]);
    expect(resources.get('note')).toMatchObject({ idParam: 'noteKey', idPointer: '/key', create: { operationId: 'createNote' } });
    expect(idFromBody(resources.get('note')!, { key: 'k-1', id: 'other' })).toBe('k-1');
    expect(cases.some((c) => c.id === 'health/negative/no-key')).toBe(false);
  });

  it('infers a resource created with 200 whose id is the property named like the path parameter', async () => {
    const { cases, resources } = buildPlan(await fromObject('shop.yaml', shop), defaults);
    expect(resources.get('user')).toMatchObject({ idParam: 'username', collectionPath: '/users', itemPath: '/users/{username}' });
    expect(idFromBody(resources.get('user')!, { username: 'ann', id: 3 })).toBe('ann');
    expect(cases.find((c) => c.id === 'getUser/positive/plain')!.fixtures).toEqual(['user']);
  });

  it('skips, with the reason, a case whose body is not JSON or whose path value nothing gives; sends required query and header parameters', async () => {
    const { cases } = buildPlan(await fromObject('shop.yaml', shop), defaults);
    expect(cases.find((c) => c.id === 'setAvatar/positive/plain')!.skipReason).toBe('cannot make the request: its required request body is image/png, and the runner sends JSON only');
    const report = cases.find((c) => c.id === 'getReport/positive/plain')!;
    expect(report.skipReason).toBe('cannot make the request: no link, resource or example gives the reportId of GET /reports/{reportId}');
    expect([report.request.query, report.request.headers]).toEqual([{ format: 'pdf' }, { 'X-Trace': 'x' }]);
  });

  it('expects 401 without a credential, and any documented 4xx where a range is all the document gives', async () => {
    const { cases } = buildPlan(await fromObject('shop.yaml', shop), defaults);
    const noKey = cases.find((c) => c.id === 'setAvatar/negative/no-key')!;
    expect([noKey.expect, noKey.skipReason]).toEqual([['401'], undefined]);
    expect(cases.find((c) => c.id === 'getUser/negative/no-key')).toMatchObject({ expect: ['401', '404'] });
    // No 400 documented: no bad bodies; /users documents no GET, which the path must refuse with 405.
    expect(cases.filter((c) => c.id.startsWith('addUser/negative/')).map((c) => c.id)).toEqual(['addUser/negative/no-key', 'addUser/negative/unsupported-method:get']);
  });
});

describe('a pattern no regular-expression engine reads', () => {
  it('refuses the document at load with the JSON path, before any plan (issue 22, item 10: it gave 500 on every request)', async () => {
    const odd = structuredClone(shop) as typeof shop & { paths: Record<string, unknown> };
    odd.paths['/odd'] = { get: { operationId: 'odd', security: [], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string', pattern: '(' } } } } } } };
    await expect(fromObject('odd.yaml', odd)).rejects.toThrow(/odd\.yaml: has patterns that cannot be matched[\s\S]*\/paths\/~1odd\/get\/responses\/200\/content\/application~1json\/schema\/pattern/);
  });
});

describe('checks on answers the document describes loosely', () => {
  it('lets an error documented by its description alone carry a message, but not a success documented without a body', async () => {
    const { contentTypeConformance } = await import('../../../src/contract/checks/content-type-conformance.js');
    const plan = buildPlan(await fromObject('shop.yaml', shop), defaults);
    const operation = plan.index.byId('setAvatar')!;
    const answer = (status: number) => ({
      request: { method: 'PUT', url: 'http://api.test/users/ann/avatar', headers: {} },
      response: { status, headers: { 'content-type': 'text/plain' }, body: 'nope', text: 'nope' },
      durationMs: 0,
    });
    const context = { schemas: plan.schemas, receivedAt: 0 };
    expect(contentTypeConformance(answer(403), operation, context)).toEqual([]);
    expect(contentTypeConformance(answer(204), operation, context)).toEqual([expect.objectContaining({ check: 'content_type_conformance', expected: 'no body' })]);
  });
});

describe('the Accept header', () => {
  it('asks for JSON where a success answer offers it, else for the media types the document gives', async () => {
    const { acceptFor } = await import('../../../src/contract/request-builder.js');
    const op = (responses: Record<string, unknown>) => ({ responses }) as unknown as Parameters<typeof acceptFor>[0];
    expect(acceptFor(op({ '200': { description: '', content: { 'application/xml': {}, 'application/json': {} } } }))).toBe('application/json');
    expect(acceptFor(op({ '200': { description: '', content: { 'image/png': {} } }, '404': { description: '', content: { 'application/json': {} } } }))).toBe('image/png');
    expect(acceptFor(op({ '204': { description: '' } }))).toBe('application/json');
  });
});
