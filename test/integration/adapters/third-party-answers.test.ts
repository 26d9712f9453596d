import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import express from 'express';
import { setupServer } from 'msw/node';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petstoreMock } from '../../../src/adapters/express/index.js';
import { createHandlers } from '../../../src/adapters/msw/index.js';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';
import { loadDocument } from '../../../src/spec/load-document.js';

/**
 * Third-party documents (test/fixtures/documents) served three ways from the same seed and clock:
 * the mock server (`petstore-kit mock --spec`, in process), MSW handlers under setupServer, and
 * the Express middleware mounted at /api. The same requests, in order, must get the same answers.
 */
const START = Date.parse('2027-03-01T12:00:00Z');
const SEED = 7;
const FIXTURES = new URL('../../fixtures/documents/', import.meta.url).pathname;
const json = { 'Content-Type': 'application/json' };

interface Step {
  name: string;
  method: string;
  /** `{read}`, `{created}`…: an id an earlier answer of the server gave (`keep`; every side must give the same bodies). */
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Where the id of the answer's record is, for the steps after it. */
  keep?: { as: string; id: (body: any) => string };
  status: number;
}

interface DocumentCase {
  name: string;
  file: string;
  /** How the MSW side is given the document: loaded in Node, or an object a bundler imported. */
  mswSpec: 'loaded' | 'object';
  /** Most apps parse JSON bodies for all their routes, before the mock is mounted. */
  expressJsonFirst: boolean;
  credentials: Record<string, string>;
  steps: Step[];
}

const basic = { Authorization: `Basic ${Buffer.from('frontend:secret').toString('base64')}` };
const token = { Authorization: 'Token jwt.of.a.user' };
const bearer = { Authorization: 'Bearer a-token' };

interface Crud {
  /** The collection; items are `${collection}/{id}`. */
  collection: string;
  listedId: (body: any) => string;
  create: unknown;
  createdId: (body: any) => string;
  created?: number;
  update?: { method: 'PATCH' | 'PUT'; body: unknown };
  deleted?: number;
  badBody: unknown;
  refused?: number;
}

/** The round trip every document gets: list, read, create, update, read back, delete, read again, a bad body. */
function crudSteps(c: Crud): Step[] {
  const item = `${c.collection}/{created}`;
  return [
    { name: 'list', method: 'GET', path: `${c.collection}?limit=2`, keep: { as: 'read', id: c.listedId }, status: 200 },
    { name: 'read', method: 'GET', path: `${c.collection}/{read}`, status: 200 },
    { name: 'create', method: 'POST', path: c.collection, headers: json, body: c.create, keep: { as: 'created', id: c.createdId }, status: c.created ?? 201 },
    ...(c.update ? [{ name: 'update', method: c.update.method, path: item, headers: json, body: c.update.body, status: 200 }] : []),
    { name: 'read back', method: 'GET', path: item, status: 200 },
    { name: 'delete', method: 'DELETE', path: item, status: c.deleted ?? 204 },
    { name: 'read after delete', method: 'GET', path: item, status: 404 },
    { name: 'bad body', method: 'POST', path: c.collection, headers: json, body: c.badBody, status: c.refused ?? 400 },
  ];
}

const DOCUMENTS: DocumentCase[] = [
  {
    name: 'museum (3.1, basic auth, uuid ids, emoji, image/png)',
    file: 'museum/openapi.yaml',
    mswSpec: 'object',
    expressJsonFirst: true,
    credentials: basic,
    steps: [
      ...crudSteps({
        collection: '/special-events',
        listedId: (b) => b[0].eventId,
        create: { name: 'Mermaid Treasure', location: 'Under the seaaa 🦀 🎶 🌊.', eventDescription: 'Thingamabobs.', dates: ['2023-09-05'], price: 0 },
        createdId: (b) => b.eventId,
        update: { method: 'PATCH', body: { location: 'On the beach.', price: 15 } },
        badBody: { name: 42 },
      }),
      { name: 'not JSON', method: 'POST', path: '/special-events', headers: { 'Content-Type': 'text/plain' }, body: 'hello', status: 415 },
      { name: 'no credentials', method: 'GET', path: '/special-events', headers: { Authorization: '' }, status: 401 },
      { name: 'non-JSON answer', method: 'GET', path: '/tickets/{read}/qr', status: 200 },
      { name: 'example answer', method: 'GET', path: '/museum-hours', status: 200 },
      { name: 'HEAD', method: 'HEAD', path: '/special-events/{read}', status: 200 },
      { name: 'preflight', method: 'OPTIONS', path: '/special-events', headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' }, status: 204 },
      { name: 'Prefer', method: 'GET', path: '/special-events/{read}', headers: { Prefer: 'code=404' }, status: 404 },
    ],
  },
  {
    name: 'realworld (3.1, token in Authorization, wrapped records)',
    file: 'realworld/openapi.yaml',
    mswSpec: 'loaded',
    expressJsonFirst: false,
    credentials: token,
    steps: [
      ...crudSteps({
        collection: '/articles',
        listedId: (b) => b.articles[0].slug,
        create: { article: { title: 'Ünïcode ✓', description: 'd', body: 'b', tagList: ['x'] } },
        createdId: (b) => b.article.slug,
        update: { method: 'PUT', body: { article: { title: 'Renamed' } } },
        badBody: { article: { title: 1 } },
        refused: 422,
      }),
      { name: 'no credentials', method: 'POST', path: '/articles', headers: { ...json, Authorization: '' }, body: { article: { title: 't', description: 'd', body: 'b' } }, status: 401 },
      { name: 'generated answer', method: 'GET', path: '/tags', status: 200 },
      { name: 'singleton', method: 'GET', path: '/user', status: 200 },
    ],
  },
  {
    name: 'redocly-cafe (3.1, files of $refs, oauth2, oneOf records, image/png)',
    file: 'redocly-cafe/openapi.yaml',
    mswSpec: 'loaded',
    expressJsonFirst: true,
    credentials: bearer,
    steps: [
      ...crudSteps({
        collection: '/orders',
        listedId: (b) => b.items[0].id,
        create: { customerName: 'Mary Ann', orderItems: [{ menuItemId: 'prd_01h1s5z6vf2mm1mz3hevnn9va7', quantity: 2, comment: 'No sugar!' }] },
        createdId: (b) => b.id,
        update: { method: 'PATCH', body: { status: 'canceled' } },
        badBody: { customerName: '', orderItems: [] },
      }),
      { name: 'oneOf list', method: 'GET', path: '/menu?limit=3', keep: { as: 'menuItem', id: (b) => b.items[0].id }, status: 200 },
      { name: 'no credentials', method: 'GET', path: '/orders', headers: { Authorization: '' }, status: 401 },
      { name: 'non-JSON answer', method: 'GET', path: '/menu-item-images/{menuItem}', headers: { Accept: 'image/png' }, status: 200 },
    ],
  },
  {
    name: 'swagger2-petstore-expanded (Swagger 2.0, converted on load)',
    file: 'swagger2-petstore-expanded/swagger.yaml',
    mswSpec: 'loaded',
    expressJsonFirst: false,
    credentials: {},
    steps: crudSteps({ collection: '/pets', listedId: (b) => String(b[0].id), create: { name: 'Biscuit', tag: 'dog' }, createdId: (b) => String(b.id), created: 200, badBody: { tag: 'no name' } }),
  },
];

const COMPARED_HEADERS = [
  ...['content-type', 'content-length', 'date', 'location', 'www-authenticate', 'allow', 'preference-applied'],
  ...['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit', 'ratelimit-policy', 'retry-after', 'x-total-count', 'link'],
  ...['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers', 'access-control-expose-headers'],
];

interface Answer {
  status: number;
  headers: Record<string, string | null>;
  body: string;
}

async function answer(url: string, step: Step, credentials: Record<string, string>, ids: Record<string, string>): Promise<Answer> {
  const path = step.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name]!));
  const headers = Object.fromEntries(Object.entries({ ...credentials, ...step.headers }).filter(([, value]) => value !== ''));
  const body = step.body === undefined ? undefined : typeof step.body === 'string' ? step.body : JSON.stringify(step.body);
  const res = await fetch(url + path, { method: step.method, headers, body });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = /json|text/.test(res.headers.get('content-type') ?? '') ? bytes.toString('utf8') : `base64:${bytes.toString('base64')}`;
  return { status: res.status, headers: Object.fromEntries(COMPARED_HEADERS.map((h) => [h, res.headers.get(h)])), body: text };
}

/** Location and Link name paths under the mount point: /api on the adapters' side. */
function mounted(answer: Answer): Answer {
  const headers = { ...answer.headers };
  if (headers.location?.startsWith('/')) headers.location = `/api${headers.location}`;
  if (headers.link) headers.link = headers.link.replace(/<\//g, '</api/');
  return { ...answer, headers };
}

describe.each(DOCUMENTS)('$name: mock --spec, msw/node and Express give the same answers', (doc) => {
  const file = FIXTURES + doc.file;
  let server: RunningMock;
  let msw: ReturnType<typeof setupServer>;
  let app: Server;
  let appUrl: string;
  const HANDLED = `https://${doc.file.split('/')[0]}.test/api`;

  beforeAll(async () => {
    server = await startMock({ specFile: file, seed: SEED, clock: new ManualClock(START), quiet: true, delay: async () => {} });
    // As a frontend developer would: a YAML document imported as an object, or loaded in Node
    // (where $refs into other files and Swagger 2.0 need the file system and the converter).
    const spec = doc.mswSpec === 'object' ? (yaml.load(readFileSync(file, 'utf8')) as object) : await loadDocument(file);
    const { handlers } = await createHandlers({ spec, seed: SEED, baseUrl: HANDLED, clock: new ManualClock(START), delay: async () => {} });
    msw = setupServer(...handlers);
    msw.listen({ onUnhandledRequest: 'bypass' });
    const middleware = petstoreMock({ spec: file, seed: SEED, clock: new ManualClock(START), delay: async () => {} });
    await middleware.ready;
    const expressApp = express();
    if (doc.expressJsonFirst) expressApp.use(express.json());
    expressApp.use('/api', middleware);
    app = await new Promise<Server>((resolve) => {
      const s = expressApp.listen(0, '127.0.0.1', () => resolve(s));
    });
    const address = app.address();
    appUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  });
  afterAll(async () => {
    msw?.close();
    await server?.close();
    await new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve()));
  });

  it('each step of list, read, create, update, delete, read-after-delete, bad body, no credentials', async () => {
    const ids: Record<string, string> = {};
    for (const step of doc.steps) {
      const fromServer = await answer(server.url, step, doc.credentials, ids);
      const fromHandlers = await answer(HANDLED, step, doc.credentials, ids);
      const fromExpress = await answer(appUrl, step, doc.credentials, ids);
      const label = `${step.name}: ${step.method} ${step.path}`;
      expect({ label, status: fromServer.status }, fromServer.body.slice(0, 300)).toEqual({ label, status: step.status });
      expect({ label, ...fromHandlers }).toEqual({ label, ...mounted(fromServer) });
      expect({ label, ...fromExpress }).toEqual({ label, ...mounted(fromServer) });
      if (step.keep) ids[step.keep.as] = step.keep.id(JSON.parse(fromServer.body));
    }
  });
});
