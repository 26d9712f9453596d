import { describe, expect, it } from 'vitest';
import { useDocumentMock } from './engine-harness.js';

const CYCLIC = new URL('../../fixtures/engine/cyclic-record.yaml', import.meta.url).pathname;

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
});
