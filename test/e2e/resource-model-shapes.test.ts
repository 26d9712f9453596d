/**
 * The mock side of the resource model on documents it has never seen (issue 20, INTERFACE
 * section 15, decision 079), through the built CLI: the mock as a real process, the runner as one
 * where a case of its own shows the behaviour. Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { callJson, startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/directory/${name}`, import.meta.url));
const BEARER = { Authorization: 'Bearer demo-pro' };

let mock: MockProcess | undefined;
let work: string | undefined;
afterEach(async () => {
  await mock?.stop();
  mock = undefined;
  if (work) await rm(work, { recursive: true, force: true });
  work = undefined;
});

/** The mocks know their keys (`--auth known-keys`): under any-credential the runner's wrong-key case of ignored_auth (decision 085) reports the mock's own setting. */
async function runAgainst(document: string, operations: string[]): Promise<RunSummary> {
  work = await mkdtemp(join(tmpdir(), 'model-shapes-'));
  await runContract(['--base-url', mock!.url, '--spec', document, '--api-key', 'demo-pro', '--reporter', 'json', '--out', work, ...operations.flatMap((o) => ['--operation', o])]);
  return JSON.parse(await readFile(join(work, 'report.json'), 'utf8')) as RunSummary;
}

describe('motaword: records the model now sees', () => {
  it('a record whose id property is a string, addressed by an integer path parameter, answers its id and reads back', async () => {
    mock = await startMockProcess(['--spec', fixture('motaword.json'), '--auth', 'known-keys']);
    const created = await callJson(mock, BEARER, 'POST', '/continuous_projects/5/documents', {});
    // Before: the stored id was the number 17, which the answer's `id: string` could not hold: `{}`.
    expect(created.status).toBe(200);
    expect(typeof created.body.id).toBe('string');
    const read = await callJson(mock, BEARER, 'GET', `/continuous_projects/5/documents/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(created.body.id);

    const report = await runAgainst(fixture('motaword.json'), ['getContinuousProjectDocument']);
    const status = (id: string) => report.cases.find((c) => c.id === id)?.status;
    // Before: an error, "POST /continuous_projects/{projectId}/documents answered 200 with neither a Location nor an id".
    expect(status('getContinuousProjectDocument/positive/plain')).toBe('passed');
    expect(report.cases.filter((c) => c.status === 'error' || c.status === 'failed')).toEqual([]);
  }, 180_000);

  it("a singleton's DELETE removes it: reads answer 404 until a PUT writes it again", async () => {
    mock = await startMockProcess(['--spec', fixture('motaword.json'), '--auth', 'known-keys']);
    const project = await callJson(mock, BEARER, 'POST', '/continuous_projects', {});
    const at = `/continuous_projects/${project.body.id}/subscription`;
    expect((await callJson(mock, BEARER, 'GET', at)).status).toBe(200);
    expect((await callJson(mock, BEARER, 'DELETE', at)).status).toBe(200);
    // Before: the DELETE was served from examples and the subscription still read back 200.
    const gone = await callJson(mock, BEARER, 'GET', at);
    expect(gone.status).toBe(404);
    expect((await callJson(mock, BEARER, 'PUT', at, { plan_id: 'yearly' })).status).toBe(200);
    const back = await callJson(mock, BEARER, 'GET', at);
    expect(back.status).toBe(200);
    expect(back.body.plan_id).toBe('yearly');

    const report = await runAgainst(fixture('motaword.json'), ['deleteSubscription']);
    // Before: use_after_free, "DELETE /continuous_projects/131/subscription answered 200, yet the record still reads back".
    expect(report.cases.find((c) => c.id === 'deleteSubscription/state/deleted-reads-404')?.status).toBe('passed');
  }, 180_000);
});

describe('motaword: a generated list holds at most the page size asked', () => {
  it('GET /blogs?per_page=1 answers one post, and the runner finds nothing wrong with it', async () => {
    mock = await startMockProcess(['--spec', fixture('motaword.json'), '--auth', 'known-keys']);
    const page = await callJson(mock, BEARER, 'GET', '/blogs?per_page=1');
    expect(page.status).toBe(200);
    // Before: the generated list held any number of posts (list-limit: "per_page=1 held 2 records").
    expect(page.body.articles.length).toBeLessThanOrEqual(1);
    // The list walk is planned only of a list of records the model knows (list-audit.ts); this one is
    // generated, so what the runner checks of it is that no case fails, list-limit included.
    const report = await runAgainst(fixture('motaword.json'), ['getBlogPosts']);
    expect(report.cases.filter((c) => c.status === 'error' || c.status === 'failed')).toEqual([]);
    expect(report.cases.some((c) => c.status === 'passed')).toBe(true);
  }, 180_000);
});

describe('notion: a page size typed as a string', () => {
  it('GET /v1/comments?page_size=1 answers one comment of its example', async () => {
    mock = await startMockProcess(['--spec', fixture('notion.json')]);
    const page = await callJson(mock, { Authorization: 'Bearer any', 'Notion-Version': '2022-06-28' }, 'GET', '/v1/comments?page_size=1');
    expect(page.status).toBe(200);
    // Before: the example's three comments (list-limit: "page_size=1 held 3 records").
    expect(page.body.results).toHaveLength(1);
  }, 60_000);
});

describe('required header and cookie parameters', () => {
  it("walmart: a request without one of its required WM_* headers answers 400 naming it", async () => {
    mock = await startMockProcess(['--spec', fixture('walmart-price.json')]);
    const headers = { 'WM_SEC.ACCESS_TOKEN': 'token', 'WM_QOS.CORRELATION_ID': 'c-1', 'WM_SVC.NAME': 'svc' };
    expect((await callJson(mock, headers, 'GET', '/v3/repricer/strategies')).status).toBe(200);
    const { 'WM_SVC.NAME': _left, ...without } = headers;
    const refused = await callJson(mock, without, 'GET', '/v3/repricer/strategies');
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('/header/WM_SVC.NAME');
  }, 60_000);

  it('a request without a required cookie parameter answers 400 in the document\'s error shape', async () => {
    // No document of the directory declares a cookie parameter (only cookie API keys), so a small one.
    work = await mkdtemp(join(tmpdir(), 'model-shapes-'));
    const document = join(work, 'cookie.json');
    await writeFile(document, JSON.stringify(cookieDocument));
    mock = await startMockProcess(['--spec', document]);
    const refused = await callJson(mock, {}, 'GET', '/cart');
    // Before: 200, the cookie parameter was never checked.
    expect(refused.status).toBe(400);
    // The shape `{error}` has no field for the reason; it allows others, so the reason is added (decision 092).
    expect(refused.body).toEqual({ error: 'validation_failed', message: expect.stringContaining('/cookie/session_id is required'), details: [{ path: '/cookie/session_id', message: 'is required' }] });
    expect((await callJson(mock, { Cookie: 'theme=dark; session_id=abc' }, 'GET', '/cart')).status).toBe(200);
  }, 60_000);
});

describe('a record with a data property of its own', () => {
  it('a PATCH {data: {...}} merges into the record\'s data field, not taken for an envelope', async () => {
    work = await mkdtemp(join(tmpdir(), 'model-shapes-'));
    const document = join(work, 'data-field.json');
    await writeFile(document, JSON.stringify(dataFieldDocument));
    mock = await startMockProcess(['--spec', document]);
    const created = await callJson(mock, {}, 'POST', '/widgets', { name: 'w', data: { colour: 'red', size: 2 } });
    expect(created.status).toBe(201);
    const patched = await callJson(mock, {}, 'PATCH', `/widgets/${created.body.id}`, { data: { colour: 'blue' } });
    // Before: {data: {...}} was unwrapped as an envelope: colour landed at the top and data kept red.
    expect(patched.status).toBe(200);
    const read = await callJson(mock, {}, 'GET', `/widgets/${created.body.id}`);
    expect(read.body).toEqual({ id: created.body.id, name: 'w', data: { colour: 'blue', size: 2 } });
  }, 60_000);
});

const errorAnswer = { description: 'refused', content: { 'application/json': { schema: { type: 'object', required: ['error'], properties: { error: { type: 'string' } } } } } };

const cookieDocument = {
  openapi: '3.0.3',
  info: { title: 'cookie parameter', version: '1' },
  paths: {
    '/cart': {
      get: {
        operationId: 'getCart',
        parameters: [{ in: 'cookie', name: 'session_id', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'the cart', content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'integer' } } } } } },
          '400': errorAnswer,
        },
      },
    },
  },
};

const widget = {
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    data: { type: 'object', properties: { colour: { type: 'string' }, size: { type: 'integer' } } },
  },
};
const widgetBody = (status: string) => ({ [status]: { description: 'the widget', content: { 'application/json': { schema: widget } } } });
const idParam = [{ in: 'path', name: 'widgetId', required: true, schema: { type: 'integer' } }];

const dataFieldDocument = {
  openapi: '3.0.3',
  info: { title: 'record with a data field', version: '1' },
  paths: {
    '/widgets': {
      post: { operationId: 'createWidget', requestBody: { content: { 'application/json': { schema: widget } } }, responses: widgetBody('201') },
    },
    '/widgets/{widgetId}': {
      parameters: idParam,
      get: { operationId: 'getWidget', responses: widgetBody('200') },
      patch: {
        operationId: 'patchWidget',
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { data: widget.properties.data } } } } },
        responses: widgetBody('200'),
      },
    },
  },
};
