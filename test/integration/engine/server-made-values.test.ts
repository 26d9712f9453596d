import { faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { useDocumentMock } from './engine-harness.js';

const SHELVES = new URL('../../fixtures/engine/bookshelves.yaml', import.meta.url).pathname;
const PET_NAMES = new Set(faker.definitions.animal.pet_name);
const T0 = '2026-11-22T10:00:30.000Z';

describe('values the server makes read like the resource they belong to, at the session time', () => {
  const mock = useDocumentMock(SHELVES);

  it("seeded bookshelves are not named like pets, and their owners like people", async () => {
    const res = await mock.request('GET', '/bookshelves');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(3);
    for (const shelf of res.body) {
      expect(PET_NAMES.has(shelf.name), shelf.name).toBe(false);
      expect(shelf.owner.name, JSON.stringify(shelf.owner)).toMatch(/\S \S/);
      expect(PET_NAMES.has(shelf.owner.name)).toBe(false);
    }
  });

  it('a create stamps its read-only times with the session clock, a later write only the last-change one', async () => {
    const created = await mock.request('POST', '/bookshelves', { body: { name: 'Hall', createdAt: '1999-01-01T00:00:00Z' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Hall', createdAt: T0, updatedAt: T0 });
    const advanced = await fetch(`${mock.url}/__admin/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceSeconds: 3600 }) });
    expect(advanced.status).toBe(200);
    const patched = await mock.request('PATCH', `/bookshelves/${created.body.id}`, { body: { name: 'Study' }, headers: { 'Content-Type': 'application/merge-patch+json' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Study', createdAt: T0, updatedAt: '2026-11-22T11:00:30.000Z' });
    const read = await mock.request('GET', `/bookshelves/${created.body.id}`);
    expect(read.body).toMatchObject({ createdAt: T0, updatedAt: '2026-11-22T11:00:30.000Z' });
  });

  it('a rate-limit header the document declares as a date-time is one; the others stay as section 5 writes them', async () => {
    const res = await mock.request('GET', '/bookshelves');
    expect(res.headers['x-ratelimit-reset']).toMatch(/^2026-11-22T\d\d:\d\d:00\.000Z$/);
    expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
    const item = await mock.request('GET', '/bookshelves/1');
    expect(item.headers['x-ratelimit-reset']).toMatch(/^\d{10}$/);
  });
});
