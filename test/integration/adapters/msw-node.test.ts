import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandlers, type PetstoreHandlers } from '../../../src/adapters/msw/index.js';
import { ManualClock } from '../../../src/core/clock.js';
import { loadDocument } from '../../../src/spec/load-document.js';

const BASE = 'https://petstore.test/v1';
const START = Date.parse('2027-03-01T12:00:00Z');
const pro = { 'X-API-Key': 'demo-pro' };

let mock: PetstoreHandlers;
let server: ReturnType<typeof setupServer>;

beforeAll(async () => {
  mock = await createHandlers({ baseUrl: BASE, seed: 1, clock: new ManualClock(START) });
  server = setupServer(...mock.handlers);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => mock.controls.reset());

describe('createHandlers with setupServer (msw/node)', () => {
  it('lists the seeded pets with the rate-limit and paging headers', async () => {
    const res = await fetch(`${BASE}/pets?limit=2`, { headers: pro });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-ratelimit-limit')).toBe('300');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('299');
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThan(2);
    expect(res.headers.get('link')).toBe('</v1/pets?limit=2&offset=2>; rel="next"');
    const pets = (await res.json()) as { id: number; name: string }[];
    expect(pets).toHaveLength(2);
    expect(pets[0]).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
  });

  it('creates a pet and reads it back; reset() forgets it', async () => {
    const created = await fetch(`${BASE}/pets`, { method: 'POST', headers: { ...pro, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Biscuit', categoryId: 1 }) });
    expect(created.status).toBe(201);
    const pet = (await created.json()) as { id: number; name: string; status: string };
    expect(pet).toMatchObject({ name: 'Biscuit', status: 'available' });
    // The engine sees /pets below the base; the client is given the path it can follow.
    expect(created.headers.get('location')).toBe(`/v1/pets/${pet.id}`);
    const read = await fetch(`${BASE}/pets/${pet.id}`, { headers: pro });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(pet);
    mock.controls.reset();
    expect((await fetch(`${BASE}/pets/${pet.id}`, { headers: pro })).status).toBe(404);
  });

  it('answers 401 without a key and 400 for a body the document refuses', async () => {
    const res = await fetch(`${BASE}/pets`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'unauthorized', status: 401 });
    const bad = await fetch(`${BASE}/pets`, { method: 'POST', headers: { ...pro, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: '' }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('answers 429 after the Free minute, and again 200 once the clock moves past it', async () => {
    const free = { 'X-API-Key': 'demo-free' };
    for (let i = 0; i < 60; i++) expect((await fetch(`${BASE}/categories`, { headers: free })).status).toBe(200);
    const limited = await fetch(`${BASE}/categories`, { headers: free });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ code: 'rate_limit_exceeded' });
    expect(mock.controls.advanceClock(61).frozen).toBe(true);
    expect((await fetch(`${BASE}/categories`, { headers: free })).status).toBe(200);
  });

  it('Prefer: code=404 answers the documented 404', async () => {
    const res = await fetch(`${BASE}/pets/1`, { headers: { ...pro, Prefer: 'code=404' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('preference-applied')).toBe('code=404');
    expect(await res.json()).toMatchObject({ code: 'not_found', status: 404 });
  });

  it('keeps sessions apart (X-Mock-Session), each with its own clock', async () => {
    const inA = { ...pro, 'X-Mock-Session': 'a', 'Content-Type': 'application/json' };
    const created = await fetch(`${BASE}/pets`, { method: 'POST', headers: inA, body: JSON.stringify({ name: 'OnlyInA', categoryId: 1 }) });
    const { id } = (await created.json()) as { id: number };
    expect((await fetch(`${BASE}/pets/${id}`, { headers: { ...pro, 'X-Mock-Session': 'a' } })).status).toBe(200);
    expect((await fetch(`${BASE}/pets/${id}`, { headers: { ...pro, 'X-Mock-Session': 'b' } })).status).toBe(404);
    mock.controls.setClock('2030-01-01T00:00:00Z', 'a');
    expect(mock.controls.clock('a').now).toBe('2030-01-01T00:00:00.000Z');
    expect(mock.controls.clock('b').now).toBe(new Date(START).toISOString());
  });

  it('answers only below baseUrl (anything else is unhandled, an error under onUnhandledRequest: error)', async () => {
    expect((await fetch(`${BASE}/categories/1`, { headers: pro })).status).toBe(200);
    await expect(fetch('https://petstore.test/elsewhere')).rejects.toThrow();
  });
});

describe('createHandlers with a document passed in', () => {
  it('serves another document given as an object, under its own baseUrl, any credential passing', async () => {
    const document = {
      openapi: '3.0.3',
      info: { title: 'Notes', version: '1' },
      paths: {
        '/notes/{id}': {
          get: {
            operationId: 'getNote',
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
            responses: { '200': { description: 'a note', content: { 'application/json': { schema: { type: 'object', required: ['id', 'text'], properties: { id: { type: 'integer' }, text: { type: 'string' } } }, example: { id: 7, text: 'hello' } } } } },
          },
        },
      },
    };
    const notes = await createHandlers({ spec: document, baseUrl: 'https://notes.test' });
    server.use(...notes.handlers);
    const res = await fetch('https://notes.test/notes/7');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 7, text: 'hello' });
    const bad = await fetch('https://notes.test/notes/x');
    expect(bad.status).toBe(400);
    server.resetHandlers();
  });

  it('a file path or file: URL is refused with a SpecError naming loadDocument, which reads it in Node', async () => {
    const file = 'test/fixtures/documents/museum/openapi.yaml';
    for (const spec of [file, `./${file}`, new URL(`../../../${file}`, import.meta.url)]) {
      await expect(createHandlers({ spec })).rejects.toThrow(/is a file, which the MSW handlers cannot read .*loadDocument\(file\)/);
    }
    const museum = await createHandlers({ spec: await loadDocument(file), baseUrl: 'https://museum.test' });
    server.use(...museum.handlers);
    const res = await fetch('https://museum.test/museum-hours', { headers: { Authorization: `Basic ${btoa('a:b')}` } });
    expect(res.status).toBe(200);
    server.resetHandlers();
  });

  it("without baseUrl, answers at the document's first server URL, its variables at their defaults", async () => {
    const documents = new URL('../../fixtures/documents/', import.meta.url).pathname;
    const uspto = await createHandlers({ spec: await loadDocument(`${documents}uspto/openapi.yaml`) });
    const museum = await createHandlers({ spec: await loadDocument(`${documents}museum/openapi.yaml`) });
    expect([uspto.baseUrl, museum.baseUrl]).toEqual(['https://developer.uspto.gov/ds-api', 'https://redocly.com/_mock/docs/openapi/museum-api']);
    server.use(...uspto.handlers);
    const res = await fetch('https://developer.uspto.gov/ds-api/');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ total: expect.any(Number), apis: expect.any(Array) });
    server.resetHandlers();
  });

  it('refuses a Swagger 2.0 document with a SpecError naming the problem (no converter outside Node)', async () => {
    await expect(createHandlers({ spec: { swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} } })).rejects.toThrow(/Swagger 2\.0.*outside Node/);
  });
});
