import { describe, expect, it } from 'vitest';
import { useDocumentMock } from './engine-harness.js';

const OWNERS = new URL('../../fixtures/engine/owners-and-things.yaml', import.meta.url).pathname;

/** Sections 5 and 8 on a document that is not the Petstore: faults, clock, journal, CORS, rate limits. */
describe('the pipeline on another document', () => {
  const mock = useDocumentMock(OWNERS);
  const admin = (path: string, body?: object, session = 'pipeline') =>
    fetch(`${mock.url}/__admin${path}`, { method: body ? 'POST' : 'GET', headers: { 'X-Mock-Session': session, 'Content-Type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });

  it('answers an injected fault in the status and shape the document gives it', async () => {
    expect((await admin('/faults', { path: '/owners/{ownerId}', times: 1, status: 404 })).status).toBe(201);
    const owner = (await mock.request('GET', '/owners?per_page=1', { session: 'pipeline' })).body.data[0];
    const faulted = await mock.request('GET', `/owners/${owner.id}`, { session: 'pipeline' });
    expect(faulted.status).toBe(404);
    expect(faulted.headers['content-type']).toBe('application/problem+json');
    expect(faulted.body).toMatchObject({ status: 404, title: expect.stringContaining('Fault injected') });
    expect((await mock.request('GET', `/owners/${owner.id}`, { session: 'pipeline' })).status).toBe(200);
  });

  it('journals the requests of the session, and the rate limit follows the session clock', async () => {
    await admin('/clock', { set: '2026-12-01T12:00:59Z' }, 'clocked');
    const before = await mock.request('GET', '/owners', { session: 'clocked' });
    expect(before.headers['x-ratelimit-reset']).toBe(String(Date.parse('2026-12-01T12:01:00Z') / 1000));
    const journal = (await (await admin('/requests', undefined, 'clocked')).json()) as { method: string; path: string; status: number }[];
    expect(journal.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['GET /owners 200']);
  });

  it('answers CORS preflight for the document paths and exposes the headers', async () => {
    const res = await fetch(`${mock.url}/owners/x/things`, { method: 'OPTIONS', headers: { Origin: 'https://app.example', 'Access-Control-Request-Method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    const answer = await mock.request('GET', '/owners', { headers: { Origin: 'https://app.example' } });
    expect(answer.headers['access-control-expose-headers']).toContain('X-RateLimit-Remaining');
  });
});
