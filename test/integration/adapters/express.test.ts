import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petstoreMock, type PetstoreMiddleware } from '../../../src/adapters/express/index.js';
import { ManualClock } from '../../../src/core/clock.js';

const pro = { 'X-API-Key': 'demo-pro' };
let server: Server;
let base: string;
let mock: PetstoreMiddleware;

beforeAll(async () => {
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ ok: true });
  });
  mock = petstoreMock({ seed: 1, clock: new ManualClock(Date.parse('2027-03-01T12:00:00Z')) });
  app.use('/api', mock);
  await mock.ready;
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("app.use('/api', petstoreMock())", () => {
  it('creates a pet under /api and reads it back; the rest of the app is untouched', async () => {
    const created = await fetch(`${base}/api/pets`, { method: 'POST', headers: { ...pro, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Mounted', categoryId: 2 }) });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-ratelimit-limit')).toBe('300');
    const pet = (await created.json()) as { id: number; name: string; categoryId: number };
    expect(pet).toMatchObject({ name: 'Mounted', categoryId: 2 });
    expect(created.headers.get('location')).toBe(`/api/pets/${pet.id}`);
    expect((await fetch(`${base}/api/pets?limit=1`, { headers: pro })).headers.get('link')).toBe('</api/pets?limit=1&offset=1>; rel="next"');
    const read = await fetch(`${base}/api/pets/${pet.id}`, { headers: pro });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(pet);
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
  });

  it('answers 401 and 404 in the Error shape', async () => {
    const anonymous = await fetch(`${base}/api/pets`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'unauthorized' });
    const missing = await fetch(`${base}/api/nothing-here`, { headers: pro });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'not_found' });
  });

  it('serves /__admin under the mount point (clock, reset), and controls do the same', async () => {
    const moved = await fetch(`${base}/api/__admin/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ set: '2030-01-01T00:00:00Z' }) });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ now: '2030-01-01T00:00:00.000Z', frozen: true });
    expect(mock.controls.clock().now).toBe('2030-01-01T00:00:00.000Z');
    expect((await fetch(`${base}/api/pets/1`, { headers: pro })).headers.get('date')).toBe('Tue, 01 Jan 2030 00:00:00 GMT');
    expect((await fetch(`${base}/api/__admin/reset`, { method: 'POST' })).status).toBe(204);
    expect(mock.controls.clock().frozen).toBe(false);
  });

  it('a broken document rejects ready with the SpecError and answers each request through next(error)', async () => {
    const broken = petstoreMock({ spec: { openapi: '9.9.9', info: {}, paths: {} } });
    await expect(broken.ready).rejects.toThrow(/openapi: "9\.9\.9"/);
    const app = express();
    app.use('/api', broken);
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(503).json({ mock: error.message });
    });
    const s = await new Promise<Server>((resolve) => {
      const x = app.listen(0, '127.0.0.1', () => resolve(x));
    });
    try {
      const address = s.address();
      const res = await fetch(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/pets`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { mock: string }).mock).toMatch(/9\.9\.9/);
    } finally {
      await new Promise<void>((resolve) => s.close(() => resolve()));
    }
  });
});

async function listen(app: express.Express | ReturnType<typeof createServer>): Promise<{ server: Server; url: string }> {
  const server = 'listen' in app && !('use' in app) ? app : createServer(app as express.Express);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

describe('petstoreMock() behind body parsers mounted first', () => {
  const created = (url: string, body: string, contentType: string) => fetch(`${url}/api/pets`, { method: 'POST', headers: { ...pro, 'Content-Type': contentType }, body });

  it('gets the body a parser already read (JSON, text, raw), and refuses a bad one as without the parser', async () => {
    const app = express();
    app.use(express.json({ type: 'application/json' }), express.text({ type: 'text/*' }), express.raw({ type: 'application/octet-stream' }));
    app.use('/api', petstoreMock({ seed: 1 }));
    const { server, url } = await listen(app);
    try {
      const fromJson = await created(url, JSON.stringify({ name: 'Parsed', categoryId: 1 }), 'application/json');
      expect(fromJson.status).toBe(201);
      expect(await fromJson.json()).toMatchObject({ name: 'Parsed', categoryId: 1 });
      const invalid = await created(url, JSON.stringify({ name: '', extra: 1 }), 'application/json');
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({ code: 'validation_failed' });
      // A media type the document does not take still reaches the mock, which answers 415 as the server does.
      expect((await created(url, 'hello', 'text/plain')).status).toBe(415);
      expect((await created(url, 'hello', 'application/octet-stream')).status).toBe(415);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a body read by a middleware that kept nothing goes to next(error), naming the fix', async () => {
    const app = express();
    app.use((req, _res, next) => {
      req.resume();
      req.on('end', () => next());
    });
    app.use('/api', petstoreMock({ seed: 1 }));
    app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
      res.status(500).json({ mock: error.message });
    });
    const { server, url } = await listen(app);
    try {
      const res = await created(url, JSON.stringify({ name: 'Lost', categoryId: 1 }), 'application/json');
      expect(res.status).toBe(500);
      expect(((await res.json()) as { mock: string }).mock).toMatch(/body of POST \/pets was read before the mock .* mount createMiddleware\(\) before the body parsers/);
      // Requests without a body are not affected.
      expect((await fetch(`${url}/api/pets/1`, { headers: pro })).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('petstoreMock({ spec }) with another document', () => {
  it('reads a file path as --spec does (a Swagger 2.0 document, converted in Node)', async () => {
    const app = express();
    const mock = petstoreMock({ spec: 'test/fixtures/documents/swagger2-petstore-expanded/swagger.yaml' });
    app.use('/shop', mock);
    await mock.ready;
    const { server, url } = await listen(app);
    try {
      const res = await fetch(`${url}/shop/pets`);
      expect(res.status).toBe(200);
      expect(Array.isArray(await res.json())).toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('fetches a document from a URL', async () => {
    const yaml = readFileSync('test/fixtures/documents/tictactoe/openapi.yaml');
    const docs = await listen(createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/yaml' }).end(yaml)));
    const app = express();
    const mock = petstoreMock({ spec: `${docs.url}/openapi.yaml` });
    app.use('/game', mock);
    await mock.ready;
    const { server, url } = await listen(app);
    try {
      const res = await fetch(`${url}/game/board`, { headers: { Authorization: 'Bearer any', 'X-API-Key': 'any' } });
      expect(res.status).toBe(200);
      const missing = await fetch(`${url}/game/board/9/9`, { headers: { Authorization: 'Bearer any', 'X-API-Key': 'any' } });
      expect(missing.status).toBe(400);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => docs.server.close(() => resolve()));
    }
  });

  it('a URL that does not answer a document rejects ready with a SpecError naming it', async () => {
    const docs = await listen(createServer((_req, res) => res.writeHead(404).end()));
    try {
      await expect(petstoreMock({ spec: `${docs.url}/missing.yaml` }).ready).rejects.toThrow(/missing\.yaml: cannot be fetched \(HTTP 404\)/);
    } finally {
      await new Promise<void>((resolve) => docs.server.close(() => resolve()));
    }
  });
});
