import { describe, expect, it } from 'vitest';
import { useDocumentMock } from './engine-harness.js';

const CYCLIC = new URL('../../fixtures/engine/cyclic-record.yaml', import.meta.url).pathname;
const NAMED = new URL('../../fixtures/engine/named-records.yaml', import.meta.url).pathname;

describe('shapes found in large public documents', () => {
  const mock = useDocumentMock(CYCLIC);

  it('creates and reads back a record whose property refers back to its own schema (no 500)', async () => {
    const created = await mock.request('POST', '/agents', { body: { name: 'root' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'root' });
    const read = await mock.request('GET', `/agents/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const child = await mock.request('POST', '/agents', { body: { name: 'child', parent: { name: 'root' } } });
    expect(child.status).toBe(201);
    expect(child.body.parent).toMatchObject({ name: 'root' });
    expect(mock.problems).toEqual([]);
  });

  it('seeds its first record under the item parameter\'s documented example, so the document\'s own example request finds one', async () => {
    const read = await mock.request('GET', '/agents/4242');
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(4242);
  });
});

describe('records addressed by {resource_field} (domain_name -> name)', () => {
  const mock = useDocumentMock(NAMED);

  it('keys a created record by that field: it reads back by its name, and reads 404 once deleted', async () => {
    const created = await mock.request('POST', '/domains', { body: { name: 'example.com' } });
    expect(created.status).toBe(201);
    expect(created.body.domain).toMatchObject({ name: 'example.com' });
    const read = await mock.request('GET', '/domains/example.com');
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    expect((await mock.request('DELETE', '/domains/example.com')).status).toBe(204);
    expect((await mock.request('GET', '/domains/example.com')).status).toBe(404);
  });
});
