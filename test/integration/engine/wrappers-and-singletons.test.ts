import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';

const REALWORLD = new URL('../../fixtures/documents/realworld/openapi.yaml', import.meta.url).pathname;
const AUTH = { authorization: 'Token any-token', 'content-type': 'application/json' };

describe('the mock of the RealWorld document: wrapped bodies and the current-user singleton', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ specFile: REALWORLD, quiet: true });
  });
  afterAll(async () => {
    await mock.close();
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${mock.url}${path}`, { method, headers: AUTH, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: res.status === 204 ? undefined : ((await res.json()) as Record<string, Record<string, unknown>>) };
  };

  it('lists GET/PUT /user as crud:singleton-read and crud:singleton-replace', async () => {
    const lines = (await (await fetch(`${mock.url}/__admin/operations`)).json()) as { path: string; method: string; behaviour: string }[];
    const of = (method: string, path: string) => lines.find((l) => l.method === method && l.path === path)?.behaviour;
    expect([of('GET', '/user'), of('PUT', '/user'), of('GET', '/articles/{slug}')]).toEqual(['crud:singleton-read', 'crud:singleton-replace', 'crud:read']);
  });

  it('stores the article inside {article: ...}, makes its slug there, and reads it back by that slug, wrapped', async () => {
    const created = await call('POST', '/articles', { article: { title: 'Wrapped', description: 'd', body: 'b', tagList: ['x'] } });
    expect(created.status).toBe(201);
    const slug = created.body!.article!.slug as string;
    expect(typeof slug).toBe('string');
    expect(created.body!.article).toMatchObject({ title: 'Wrapped', description: 'd', body: 'b', tagList: ['x'] });
    const read = await call('GET', `/articles/${encodeURIComponent(slug)}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const listed = await call('GET', '/articles?limit=100');
    expect((listed.body!.articles as unknown as { slug: string }[]).some((a) => a.slug === slug)).toBe(true);
    expect((await call('DELETE', `/articles/${encodeURIComponent(slug)}`)).status).toBe(204);
    expect((await call('GET', `/articles/${encodeURIComponent(slug)}`)).status).toBe(404);
  });

  it('starts with a seeded current user, replaces it with PUT, and reads the replacement back', async () => {
    const before = await call('GET', '/user');
    expect(before.status).toBe(200);
    expect(Object.keys(before.body!.user!).sort()).toEqual(['bio', 'email', 'image', 'token', 'username']);
    expect((await call('GET', '/user')).body).toEqual(before.body);
    const put = await call('PUT', '/user', { user: { email: 'new@example.com', bio: 'replaced', username: 'jake', image: 'i', password: 'secret' } });
    expect(put.status).toBe(200);
    expect(put.body!.user).toMatchObject({ email: 'new@example.com', bio: 'replaced', username: 'jake' });
    expect(put.body!.user).not.toHaveProperty('password');
    expect((await call('GET', '/user')).body).toEqual(put.body);
  });
});
