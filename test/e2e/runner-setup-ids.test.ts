/**
 * The runner's set-up chain on shapes of created answers seen in the sweep and the second blind
 * trial (issue 20 class 5, decision 090): where the resource model can say which property holds
 * the id, the mock keys its records by it and the runner reads it; where it cannot, the case is
 * skipped with its reason, not an error that fails the run. The mock and the runner are the built
 * CLI's processes. Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaseResult, RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { callJson, startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const KEY = { Authorization: 'Bearer setup-key' };
const NO_LIMITS = {
  plans: Object.fromEntries(['Free', 'Pro', 'Business', 'Enterprise'].map((p) => [p, { perMinute: 10_000_000, perDay: 100_000_000 }])),
  keys: [{ key: 'setup-key', plan: 'Enterprise', scope: 'read-write' }],
};

const json = (schema: object) => ({ 'application/json': { schema } });
const ok = (schema: object) => ({ description: 'ok', content: json(schema) });
const notFound = { description: 'none', content: json({ type: 'object', properties: { message: { type: 'string' } } }) };
const str = { type: 'string' };

/** A collection and its item path: POST answering `created`, GET of the item answering `record`. */
function pair(collection: string, param: string, created: object, record: object, body: object) {
  return {
    [collection]: {
      post: { operationId: `create${param}`, requestBody: { required: true, content: json(body) }, responses: { '200': ok(created), '401': notFound } },
    },
    [`${collection}/{${param}}`]: {
      get: {
        operationId: `read${param}`,
        parameters: [{ name: param, in: 'path', required: true, schema: str }],
        responses: { '200': ok(record), '401': notFound, '404': notFound },
      },
    },
  };
}

const booking = { type: 'object', required: ['confirmation_id'], properties: { confirmation_id: str, guest: str } };
const customer = { type: 'object', required: ['lago_id', 'external_id'], properties: { lago_id: { type: 'string', format: 'uuid' }, external_id: str, name: str } };
const slider = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, title: str } };
const channel = { type: 'object', required: ['id', 'name'], properties: { id: str, name: str } };
const tag = { type: 'object', properties: { id: { type: 'integer', format: 'int32' }, label: str } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Set-up ids', version: '1' },
  security: [{ bearer: [] }],
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  paths: {
    // hetras: the parameter `confirmationId`, the answer's `confirmation_id`.
    ...pair('/bookings', 'confirmationId', booking, booking, { type: 'object', properties: { guest: str } }),
    // Lago (trial class 2): `/customers/{external_customer_id}` answering `{customer: {lago_id, external_id}}`.
    ...pair(
      '/customers',
      'external_customer_id',
      { type: 'object', required: ['customer'], properties: { customer } },
      { type: 'object', required: ['customer'], properties: { customer } },
      { type: 'object', required: ['customer'], properties: { customer: { type: 'object', required: ['external_id'], properties: { external_id: str, name: str } } } },
    ),
    // AWS chime: the create answers `{AppInstanceArn}` bare, the reader `{AppInstance: {...}}`; VTEX:
    // the DELETE declares a required `Content-Type` header parameter, which OpenAPI says to ignore.
    '/app-instances': {
      post: {
        operationId: 'CreateAppInstance',
        requestBody: { required: true, content: json({ type: 'object', required: ['Name'], properties: { Name: str } }) },
        responses: { '201': ok({ type: 'object', properties: { AppInstanceArn: str } }), '401': notFound },
      },
    },
    '/app-instances/{appInstanceArn}': {
      parameters: [{ name: 'appInstanceArn', in: 'path', required: true, schema: str }],
      get: { operationId: 'DescribeAppInstance', responses: { '200': ok({ type: 'object', properties: { AppInstance: { type: 'object', properties: { AppInstanceArn: str, Name: str } } } }), '401': notFound, '404': notFound } },
      delete: {
        operationId: 'DeleteAppInstance',
        parameters: [{ name: 'Content-Type', in: 'header', required: true, schema: { type: 'string', default: 'application/json' } }],
        responses: { '204': { description: 'gone' }, '401': notFound, '404': notFound },
      },
    },
    // Overseerr's `POST /settings/discover`: takes and answers an array, beside a list and an item path.
    '/sliders': {
      get: { operationId: 'listSliders', responses: { '200': ok({ type: 'array', items: slider }), '401': notFound } },
      post: { operationId: 'saveSliders', requestBody: { required: true, content: json({ type: 'array', items: slider }) }, responses: { '200': ok({ type: 'array', items: slider }), '401': notFound } },
    },
    '/sliders/{sliderId}': {
      get: { operationId: 'readSlider', parameters: [{ name: 'sliderId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': ok(slider), '401': notFound, '404': notFound } },
    },
    // Front: `GET /channels/{channel_id}` whose parameter has `default: cha_123`, beside a list and no create.
    '/channels': { get: { operationId: 'listChannels', responses: { '200': ok({ type: 'object', properties: { _results: { type: 'array', items: channel } } }), '401': notFound } } },
    '/channels/{channel_id}': {
      get: { operationId: 'getChannel', parameters: [{ name: 'channel_id', in: 'path', required: true, schema: { type: 'string', default: 'cha_123' } }], responses: { '200': ok(channel), '401': notFound, '404': notFound } },
    },
    // Prowlarr/Sonarr: the client may send `id`; the list promises no order (and the mock lists records in the order made).
    '/tags': {
      get: { operationId: 'listTags', responses: { '200': ok({ type: 'array', items: tag }), '401': notFound } },
      post: { operationId: 'createTag', requestBody: { required: true, content: json(tag) }, responses: { '200': ok(tag), '401': notFound } },
    },
    '/tags/{id}': {
      get: { operationId: 'readTag', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', format: 'int32' } }], responses: { '200': ok(tag), '401': notFound, '404': notFound } },
    },
    // taxamo's sms verification: the answer says only `{success}`; nothing gives the token.
    ...pair('/verifications', 'token', { type: 'object', required: ['success'], properties: { success: { type: 'boolean' } } }, { type: 'object', properties: { token: str, phone: str } }, { type: 'object', properties: { phone: str } }),
  },
};

let mock: MockProcess | undefined;
let work: string | undefined;
afterEach(async () => {
  const [stopping, folder] = [mock, work];
  [mock, work] = [undefined, undefined];
  await stopping?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

async function start(): Promise<string> {
  work = await mkdtemp(join(tmpdir(), 'runner-setup-'));
  const document = join(work, 'setup-ids.json');
  await writeFile(document, JSON.stringify(DOCUMENT));
  await writeFile(join(work, 'config.json'), JSON.stringify(NO_LIMITS));
  mock = await startMockProcess(['--spec', document, '--config', join(work, 'config.json'), '--auth', 'known-keys']);
  return document;
}

async function run(document: string, more: string[] = []): Promise<{ code: number | null; report: RunSummary }> {
  const out = join(work!, 'report');
  const result = await runContract(['--base-url', mock!.url, '--spec', document, '--api-key', 'setup-key', '--seed', '1', '--reporter', 'json', '--out', out, ...more]);
  return { code: result.code, report: JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary };
}

const byId = (report: RunSummary, id: string): CaseResult | undefined => report.cases.find((c) => c.id === id);

describe('ids in created answers (decision 090)', () => {
  it('the mock keys records by the property named like the parameter written another way, and by the parameter without the resource name inside a wrapper', async () => {
    await start();
    const made = await callJson(mock!, KEY, 'POST', '/bookings', { guest: 'Ann' });
    expect(made.status).toBe(200);
    // Before: `confirmation_id` was generated apart from the key the record was stored under.
    const read = await callJson(mock!, KEY, 'GET', `/bookings/${made.body.confirmation_id}`);
    expect(read.status).toBe(200);
    expect(read.body.confirmation_id).toBe(made.body.confirmation_id);

    const customerMade = await callJson(mock!, KEY, 'POST', '/customers', { customer: { external_id: 'acme', name: 'Acme' } });
    expect(customerMade.status).toBe(200);
    expect(customerMade.body.customer.external_id).toBe('acme');
    const customerRead = await callJson(mock!, KEY, 'GET', '/customers/acme');
    expect(customerRead.status).toBe(200);
    expect(customerRead.body.customer.name).toBe('Acme');
  }, 120_000);

  it('the runner reads those ids, and skips with its reason a case whose create answers no id', async () => {
    const document = await start();
    const { code, report } = await run(document);
    // Before: "could not create the confirmation this case needs: POST /bookings answered 200 with
    // neither a Location nor an id" (an error), and the same for /customers and /verifications.
    expect(byId(report, 'readconfirmationId/positive/plain')?.status).toBe('passed');
    expect(byId(report, 'readexternal_customer_id/positive/plain')?.status).toBe('passed');
    // Before: GET /channels/cha_123 answered 404 (the mock seeded no record with the parameter's default).
    expect(byId(report, 'getChannel/positive/plain')?.status).toBe('passed');
    // Before: "the record reads back different from what the 201 said" (the reader's wrapper was
    // not opened), and every clean-up DELETE answered 400 "/header/Content-Type is required".
    expect(byId(report, 'CreateAppInstance/state/created-reads-back')?.status).toBe('passed');
    const cleanups = report.cases.flatMap((c) => c.exchanges).filter((e) => e.cleanup && e.request.method === 'DELETE');
    expect(cleanups.length).toBeGreaterThan(0);
    expect(cleanups.map((e) => e.response.status).filter((s) => s !== 204)).toEqual([]);
    expect(report.cases.some((c) => c.id.includes('missing-header:Content-Type'))).toBe(false);
    const token = byId(report, 'readtoken/positive/plain');
    expect(token?.status).toBe('skipped');
    expect(token?.reason).toBe('cannot set up: POST /verifications made the verification this case needs, but answered 200 with neither a Location nor an id');
    expect(report.cases.filter((c) => c.status === 'error' || c.status === 'failed').map((c) => `${c.id}: ${c.reason ?? c.failures[0]?.message}`)).toEqual([]);
    expect(code).toBe(0);
  }, 180_000);

  it('the stateful phase does not go on with an id a create did not answer (an array body: trial class 9)', async () => {
    const document = await start();
    const { report } = await run(document, ['--phases', 'stateful', '--operation', 'saveSliders', '--max-examples', '10']);
    expect(report.cases.filter((c) => c.id.includes('/stateful/')).length).toBeGreaterThan(0);
    // Before: "slider undefined, created by this sequence, is not in the unfiltered list" (state-listed, use_after_free).
    expect(report.cases.filter((c) => c.status === 'error' || c.status === 'failed').map((c) => `${c.id}: ${c.failures[0]?.message ?? c.reason}`)).toEqual([]);
    expect(JSON.stringify(report.cases.flatMap((c) => c.exchanges.map((e) => e.request.url)))).not.toContain('/undefined');
  }, 180_000);

  it("the stateful phase holds a list to one order across pages, not to the ids' order it does not promise (trial class 8)", async () => {
    const document = await start();
    const { report } = await run(document, ['--phases', 'stateful', '--operation', 'createTag', '--max-examples', '25']);
    expect(report.cases.filter((c) => c.id.includes('/stateful/')).length).toBeGreaterThan(0);
    // Before: "the unfiltered list is not in one order across pages: id 710858855 follows 710858899" (list-order).
    expect(report.cases.flatMap((c) => c.failures).filter((f) => f.check === 'list-order')).toEqual([]);
  }, 180_000);
});
