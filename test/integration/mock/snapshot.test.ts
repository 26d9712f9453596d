import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { Snapshot } from '../../../src/mock/snapshot/snapshot-format.js';
import { readableState, useTestMock } from '../../helpers/mock-harness.js';

const mock = useTestMock();

type PetstoreState = { categories: any[]; pets: any[]; inventory: any[]; orders: any[]; nextId: { category: number; pet: number; order: number } };
const petstore = (snapshot: Snapshot) => snapshot.packs.petstore as PetstoreState;

const post = (body: string, session: string, type = 'application/json') =>
  fetch(`${mock.url}/__admin/snapshot`, { method: 'POST', headers: { 'Content-Type': type, 'X-Mock-Session': session }, body });

describe('GET and POST /__admin/snapshot on the Petstore', () => {
  it('exports a session and imports it back: records, id counters, added keys, bans, faults and the clock read back equal', async () => {
    const s = 'snap-round-trip';
    await mock.admin.setClock('2026-12-01T09:00:00Z', s);
    await mock.admin.addKey({ key: 'qa-snapshot-key', plan: 'Business', scope: 'read-only' });
    await mock.admin.ban('demo-free', s);
    await mock.admin.addFault({ method: 'DELETE', path: '/pets/{petId}', times: 2, status: 503 }, s);
    const category = (await mock.request('POST', '/categories', { session: s, body: { name: 'axolotl' } })).body;
    const pet = (await mock.request('POST', '/pets', { session: s, body: { name: 'Wooper', categoryId: category.id } })).body;
    await mock.request('PUT', `/store/inventory/${pet.id}`, { session: s, body: { quantity: 4 } });
    await mock.request('POST', '/store/orders', { session: s, body: { petId: pet.id, quantity: 1 } });
    // The last pet deleted (through the fault's uses first): the pet counter is now past every id present.
    const gone = (await mock.request('POST', '/pets', { session: s, body: { name: 'Gone', categoryId: category.id } })).body;
    for (let i = 0; i < 2; i++) expect((await mock.request('DELETE', `/pets/${gone.id}`, { session: s, undocumented: true })).status).toBe(503);
    expect((await mock.request('DELETE', `/pets/${gone.id}`, { session: s })).status).toBe(204);
    await mock.admin.addFault({ method: 'DELETE', path: '/pets/{petId}', times: 3, status: 500 }, s);

    const exported = await mock.admin.snapshot(s);
    const before = await readableState(mock, s);
    expect(exported).toMatchObject({ format: 'petstore-kit-snapshot', version: 1, document: { title: 'Petstore API', version: '1.0.0' } });
    expect(exported.clock).toEqual({ now: '2026-12-01T09:00:00.000Z', frozen: true });
    expect(exported.keys).toEqual([{ key: 'qa-snapshot-key', plan: 'Business', perMinute: 1000, perDay: 100000, scope: 'read-only' }]);
    expect(exported.bans).toEqual([{ key: 'demo-free', until: '2026-12-01T09:15:00.000Z' }]);
    expect(exported.faults).toEqual([{ method: 'DELETE', path: '/pets/{petId}', times: 3, status: 500 }]);
    expect(petstore(exported).nextId.pet).toBe(gone.id + 1);
    expect(petstore(exported).inventory).toContainEqual({ petId: pet.id, quantity: 3 });

    // Everything changed afterwards...
    await mock.request('POST', '/pets', { session: s, body: { name: 'Later', categoryId: category.id } });
    await mock.request('DELETE', `/store/orders/${petstore(exported).orders.at(-1).id}`, { session: s });
    await mock.admin.advanceClock(86_400, s);
    await mock.admin.unban('demo-free', s);
    await mock.admin.clearFaults(s);
    await mock.admin.deleteKey('qa-snapshot-key');
    expect(await readableState(mock, s)).not.toBe(before);

    // ...and put back by the import.
    await mock.admin.importSnapshot(exported, s);
    expect(await readableState(mock, s)).toBe(before);
    expect(await mock.admin.snapshot(s)).toEqual(exported);
    expect(await mock.admin.clock(s)).toEqual({ now: '2026-12-01T09:00:00.000Z', frozen: true });
    expect((await mock.admin.key('qa-snapshot-key')).plan).toBe('Business');
    const banned = await mock.request('GET', '/pets', { session: s, key: 'demo-free' });
    expect([banned.status, banned.body.code]).toEqual([403, 'key_banned']);
    expect(await mock.admin.faults(s)).toEqual(exported.faults);
    // Ids are never reused: the next pet takes the counter, not the deleted pet's id.
    const next = await mock.request('POST', '/pets', { session: s, body: { name: 'Next', categoryId: category.id } });
    expect(next.body.id).toBe(gone.id + 1);
  });

  it('replaces the whole state with a hand-written one: missing parts are empty, a pet without status is available', async () => {
    const s = 'snap-hand-written';
    const fixture = {
      format: 'petstore-kit-snapshot',
      version: 1,
      packs: { petstore: { categories: [{ id: 3, name: 'rabbit' }], pets: [{ id: 10, name: 'Thumper', categoryId: 3 }], inventory: [{ petId: 10, quantity: 2 }] } },
    };
    const res = await post(JSON.stringify(fixture), s);
    expect(res.status).toBe(204);
    const pets = await mock.request('GET', '/pets', { session: s });
    expect(pets.body).toEqual([{ id: 10, name: 'Thumper', categoryId: 3, status: 'available' }]);
    expect((await mock.request('GET', '/store/inventory/10', { session: s })).body).toEqual({ petId: 10, quantity: 2, status: 'available' });
    expect((await mock.request('GET', '/store/orders', { session: s })).body).toEqual([]);
    expect((await mock.admin.clock(s)).frozen).toBe(false);
    expect((await mock.request('POST', '/pets', { session: s, body: { name: 'Bugs', categoryId: 3 } })).body.id).toBe(11);
  });

  it('takes 125,000 pets with their id counter (the largest id found without spreading 125k arguments)', async () => {
    const s = 'snap-125k';
    const pets = Array.from({ length: 125_000 }, (_, i) => ({ id: i + 1, name: 'p', categoryId: 1, status: 'available' }));
    const body = JSON.stringify({ format: 'petstore-kit-snapshot', version: 1, packs: { petstore: { categories: [{ id: 1, name: 'dog' }], pets, nextId: { pet: 125_001 } } } });
    const res = await post(body, s);
    expect([res.status, res.status === 204 ? '' : await res.text()]).toEqual([204, '']);
    expect((await mock.request('POST', '/pets', { session: s, body: { name: 'Next', categoryId: 1 } })).body.id).toBe(125_001);
  }, 60_000);

  it('takes a snapshot larger than the 64 KiB of the other control endpoints', async () => {
    const s = 'snap-large';
    const pets = Array.from({ length: 1500 }, (_, i) => ({ id: i + 1, name: `Pet number ${i + 1}`, categoryId: 1, status: 'available' }));
    const body = JSON.stringify({ format: 'petstore-kit-snapshot', version: 1, packs: { petstore: { categories: [{ id: 1, name: 'dog' }], pets } } });
    expect(body.length).toBeGreaterThan(64 * 1024);
    expect((await post(body, s)).status).toBe(204);
    expect((await mock.request('GET', '/pets?limit=1', { session: s })).headers['x-total-count']).toBe('1500');
  });
});

describe('a snapshot that cannot be imported', () => {
  const s = 'snap-rejected';

  /** The session's state as the API and the export show it, and the keys: all must be unchanged by a rejected import. */
  const observed = async () => JSON.stringify([await readableState(mock, s), await mock.admin.snapshot(s), (await mock.admin.keys(s)).map((k) => k.key)]);

  /** A valid snapshot unlike the session's state (so a partial import would show), then broken in one place. */
  const broken = async (breakIt: (snapshot: any) => void) => {
    const snapshot: any = await mock.admin.snapshot(s);
    snapshot.clock = { now: '2030-01-01T00:00:00Z', frozen: true };
    snapshot.keys = [{ key: 'must-not-be-added', plan: 'Free' }];
    petstore(snapshot).orders = [];
    petstore(snapshot).pets[0].name = 'Renamed';
    breakIt(snapshot);
    return JSON.stringify(snapshot);
  };

  const cases: [string, (snapshot: any) => void, string][] = [
    ['another format', (x) => (x.format = 'wiremock-mappings'), '/format'],
    ['another version', (x) => (x.version = 2), '/version'],
    ['a record failing its schema (status)', (x) => (petstore(x).pets[0].status = 'dead'), '/packs/petstore/pets/0/status'],
    ['a record failing its schema (name too long)', (x) => (petstore(x).categories[1].name = 'x'.repeat(101)), '/packs/petstore/categories/1/name'],
    ['a resource the document does not have', (x) => (x.resources = { gadgets: { records: [] } }), '/resources/gadgets'],
    ['a duplicate id', (x) => (petstore(x).pets[2].id = petstore(x).pets[1].id), '/packs/petstore/pets/2/id'],
    ['a counter lower than the ids present', (x) => (petstore(x).nextId.pet = 2), '/packs/petstore/nextId/pet'],
    ['a counter named __proto__', (x) => Object.defineProperty(petstore(x).nextId, '__proto__', { value: 5, enumerable: true }), '/packs/petstore/nextId/__proto__'],
    ['a counter named toString', (x) => Object.assign(petstore(x).nextId, { toString: 5 }), '/packs/petstore/nextId/toString'],
    ['a key with an unknown plan', (x) => x.keys.push({ key: 'qa-platinum', plan: 'Platinum' }), '/keys/1/plan'],
    ['an invalid clock', (x) => (x.clock = { now: 'yesterday', frozen: true }), '/clock/now'],
    ['a pet naming no category', (x) => (petstore(x).pets[0].categoryId = 999), '/packs/petstore/pets/0/categoryId'],
    ['a ban of an unknown key', (x) => (x.bans = [{ key: 'nobody', until: '2030-01-01T00:10:00Z' }]), '/bans/0/key'],
    ['an unknown top-level field', (x) => (x.sessions = []), '/sessions'],
  ];

  for (const [what, breakIt, path] of cases) {
    it(`is refused 400 and changes nothing: ${what}`, async () => {
      await mock.request('POST', '/categories', { session: s, body: { name: `before ${what}`.slice(0, 100) } });
      const before = await observed();
      const res = await post(await broken(breakIt), s);
      expect(res.status).toBe(400);
      const body: any = await res.json();
      expect(body).toMatchObject({ code: 'validation_failed', status: 400 });
      expect(body.message).toMatch(/^The snapshot was not imported, nothing changed: /);
      expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
      expect(await observed()).toBe(before);
    });
  }

  it('lists every problem at once, each with its JSON path', async () => {
    let added = -1;
    const res = await post(await broken((x) => {
      petstore(x).pets[0].status = 'dead';
      added = petstore(x).inventory.push({ petId: 99999, quantity: 1 }) - 1;
      x.clock.frozen = 'yes';
    }), s);
    expect(res.status).toBe(400);
    const body: any = await res.json();
    expect(body.details).toEqual([
      { path: '/clock/frozen', message: 'must be true (the clock stands at "now") or false (it follows the real time)' },
      { path: '/packs/petstore/pets/0/status', message: 'must be one of: "available", "pending", "sold"' },
      { path: `/packs/petstore/inventory/${added}/petId`, message: 'names no pet of this snapshot (99999)' },
    ]);
    expect(body.message).toBe('The snapshot was not imported, nothing changed: /clock/frozen must be true (the clock stands at "now") or false (it follows the real time) (and 2 more problems)');
  });

  it('is refused 400 when it is not JSON, or not a JSON object, and 415 when not sent as JSON', async () => {
    const before = await observed();
    const corrupt = await post('{"format": "petstore-kit-snapshot", "version": 1, "packs": {', s);
    expect(corrupt.status).toBe(400);
    expect(await corrupt.json()).toMatchObject({ code: 'validation_failed', message: 'Malformed JSON in the request body' });
    const array = await post('[]', s);
    expect(array.status).toBe(400);
    expect(((await array.json()) as any).details).toEqual([{ path: '', message: 'a snapshot must be a JSON object' }]);
    expect((await post('{}', s, 'text/plain')).status).toBe(415);
    expect(await observed()).toBe(before);
  });

  it('answers a declared Content-Length over 8 MiB with 413 at once, before the body is sent', async () => {
    const { port } = new URL(mock.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/__admin/snapshot', headers: { 'Content-Type': 'application/json', 'Content-Length': String(9 * 1024 * 1024) } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', status: 413 });
  });

  it('answers a chunked body 413 once it passes 8 MiB (counted as it streams, not buffered)', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(1024 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"format":"petstore-kit-snapshot",'));
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${mock.url}/__admin/snapshot`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Mock-Session': s }, body: stream, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
  });
});
