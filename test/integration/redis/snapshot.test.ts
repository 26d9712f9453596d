/**
 * Snapshots on the Redis backend: exported through one mock process, imported through another,
 * read back through the first. Needs `npm run build`.
 */
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../src/mock/snapshot/snapshot-format.js';
import { callJson, useRedisMockProcesses, type MockProcess } from '../../helpers/mock-processes.js';

const mocks = useRedisMockProcesses('snap');
const call = (mock: MockProcess, method: string, path: string, body?: unknown) =>
  callJson(mock, { 'X-Mock-Session': `snap-${process.pid}`, 'X-API-Key': 'demo-business' }, method, path, body);

const petstore = (snapshot: Snapshot) => snapshot.packs.petstore as { pets: { id: number; name: string }[]; nextId: { pet: number } };

describe('snapshots on Redis', () => {
  it('an import through one process replaces the state every process serves: records, counters, keys, bans and clock', async () => {
    const [a, b] = [mocks[0]!, mocks[1]!];
    await call(a, 'POST', '/__admin/clock', { set: '2026-12-24T18:00:00Z' });
    await call(a, 'POST', '/__admin/keys', { key: `redis-snap-${process.pid}`, plan: 'Pro' });
    await call(a, 'POST', '/__admin/keys/demo-free/ban');
    const pet = (await call(a, 'POST', '/pets', { name: 'Shared', categoryId: 1 })).body;
    expect((await call(a, 'DELETE', `/pets/${pet.id}`)).status).toBe(204);
    const exported = (await call(a, 'GET', '/__admin/snapshot')).body as Snapshot;
    expect(petstore(exported).nextId.pet).toBe(pet.id + 1);

    // Changed through the other process...
    await call(b, 'POST', '/pets', { name: 'Later', categoryId: 1 });
    await call(b, 'POST', '/__admin/clock', { advanceSeconds: 3600 });
    await call(b, 'POST', '/__admin/keys/demo-free/unban');
    await call(b, 'DELETE', `/__admin/keys/redis-snap-${process.pid}`);
    // ...and put back through it, read through the first.
    expect((await call(b, 'POST', '/__admin/snapshot', exported)).status).toBe(204);
    expect((await call(a, 'GET', '/__admin/snapshot')).body).toEqual(exported);
    expect((await call(a, 'GET', '/pets?name=Later')).body).toEqual([]);
    expect((await call(a, 'GET', '/__admin/clock')).body).toEqual({ now: '2026-12-24T18:00:00.000Z', frozen: true });
    expect((await call(a, 'GET', `/__admin/keys/redis-snap-${process.pid}`)).body.plan).toBe('Pro');
    expect((await call(a, 'GET', '/__admin/keys/demo-free')).body.bannedUntil).toBe('2026-12-24T18:15:00.000Z');
    // The counter is shared too: the next pet through either process takes it.
    expect((await call(a, 'POST', '/pets', { name: 'Next', categoryId: 1 })).body.id).toBe(pet.id + 1);
  });

  it('a bad snapshot sent to one process changes nothing on either', async () => {
    const [a, b] = [mocks[0]!, mocks[1]!];
    await call(b, 'POST', '/__admin/clock', { set: '2026-12-25T08:00:00Z' });
    const before = (await call(b, 'GET', '/__admin/snapshot')).body as Snapshot;
    const bad = structuredClone(before);
    petstore(bad).pets[0]!.name = '';
    petstore(bad).nextId.pet += 10;
    bad.clock = { now: '2030-01-01T00:00:00Z', frozen: true };
    const answer = await call(a, 'POST', '/__admin/snapshot', bad);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ path: '/packs/petstore/pets/0/name', message: 'must NOT have fewer than 1 characters' }]);
    expect((await call(b, 'GET', '/__admin/snapshot')).body).toEqual(before);
  });
});
