import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, startDocumentMock, type DocumentMock } from './engine-harness.js';

const OWNERS = new URL('../../fixtures/engine/owners-and-things.yaml', import.meta.url).pathname;

describe('rejected requests answer the body the document documents for that status', () => {
  let owners: DocumentMock;
  let expanded: DocumentMock;
  let swagger: DocumentMock;
  beforeAll(async () => {
    [owners, expanded, swagger] = await Promise.all([startDocumentMock(OWNERS), startDocumentMock(`${FIXTURES}oai-petstore-expanded.yaml`), startDocumentMock(`${FIXTURES}swagger-petstore-3.yaml`)]);
  });
  afterAll(async () => {
    await Promise.all([owners.close(), expanded.close(), swagger.close()]);
    expect([...owners.problems, ...expanded.problems, ...swagger.problems]).toEqual([]);
  });

  it('a problem+json 404 with title, status and type filled', async () => {
    const res = await owners.request('GET', '/owners/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.body).toEqual({ type: 'about:blank', title: expect.stringContaining('No owners record'), status: 404, detail: expect.stringContaining('00000000') });
  });

  it('a problem+json 400 for a body that breaks the schema', async () => {
    const res = await owners.request('POST', '/owners', { body: { name: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'about:blank', status: 400, detail: expect.stringContaining('/body/name') });
  });

  it("the `default` response's Error with an integer code (OAI petstore-expanded)", async () => {
    const res = await expanded.request('GET', '/pets/999999');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual({ code: 404, message: 'No pets record with id 999999' });
    const bad = await expanded.request('POST', '/pets', { body: { tag: 'no name' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ code: 400, message: expect.stringContaining('/body/name') });
  });

  it('no body where the document documents the status without content (swagger-petstore 3)', async () => {
    const res = await swagger.request('GET', '/pet/abc');
    expect(res.status).toBe(400);
    expect(res.text).toBe('');
    expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  });

  it('Prefer: code= answers a documented error status in its own media type', async () => {
    const res = await owners.request('GET', '/owners?per_page=1', { headers: { Prefer: 'code=400' } });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.headers['preference-applied']).toBe('code=400');
    expect(res.body).toEqual(expect.objectContaining({ type: expect.any(String), title: expect.any(String), status: expect.any(Number) }));
  });

  it("the document's usual error shape where the operation documents nothing for the status (one shape per mock)", async () => {
    // owners-and-things answers every 4xx as problem+json: a 405 and a route that matches no
    // operation come in it too.
    for (const [method, path, status, headers] of [
      ['DELETE', '/owners', 405, {}],
      ['GET', '/nowhere', 404, {}],
    ] as const) {
      const res = await owners.request(method, path, { headers });
      expect(res.status, `${method} ${path}`).toBe(status);
      expect(res.headers['content-type'], `${method} ${path}`).toBe('application/problem+json');
      expect(res.body, `${method} ${path}`).toEqual({ type: 'about:blank', title: expect.any(String), status, detail: expect.any(String) });
    }
    // The OAI petstore-expanded's only error is its `default` Error {code: integer, message}.
    const unknown = await expanded.request('GET', '/nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 404, message: expect.stringContaining('No operation') });
  });

  it("section 6's Error where the document has no error answer at all", async () => {
    const res = await swagger.request('DELETE', '/user/login');
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ code: 'method_not_allowed', message: expect.any(String), status: 405 });
  });
});
