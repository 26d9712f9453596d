/**
 * Generic CRUD records (a document no pack claims) shared by two mock processes on one Redis.
 * Needs `npm run build`.
 */
import { describe, expect, it } from 'vitest';
import { callJson, useRedisMockProcesses, type MockProcess } from '../../helpers/mock-processes.js';

const SPEC = new URL('../../fixtures/third-party/oai-petstore-expanded.yaml', import.meta.url).pathname;
const mocks = useRedisMockProcesses('crud', ['--spec', SPEC]);
const call = (mock: MockProcess, method: string, path: string, body?: unknown) => callJson(mock, { 'X-Mock-Session': `crud-${process.pid}` }, method, path, body);

describe('generic CRUD records on Redis', () => {
  it('are created through one process, read, listed and deleted through the other, with ids never handed out twice', async () => {
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => call(mocks[i % 2]!, 'POST', '/pets', { name: `Rex${i}`, tag: 'dog' })));
    expect(created.every((c) => c.status === 200 || c.status === 201)).toBe(true);
    const ids = created.map((c) => c.body.id as number);
    expect(new Set(ids).size).toBe(8);
    const first = created[0]!.body;
    expect((await call(mocks[1]!, 'GET', `/pets/${first.id}`)).body).toEqual(first);
    const listed = (await call(mocks[0]!, 'GET', '/pets?limit=100')).body as { id: number }[];
    for (const id of ids) expect(listed.map((p) => p.id)).toContain(id);
    expect((await call(mocks[1]!, 'DELETE', `/pets/${first.id}`)).status).toBe(204);
    expect((await call(mocks[0]!, 'GET', `/pets/${first.id}`)).status).toBe(404);
  });
});
