/**
 * Snapshots of documents no pack claims: the records of inferred CRUD resources (nested ones with
 * their parents) and their id counters, exported and imported back through a real mock.
 */
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';
import { T0 } from '../../helpers/mock-harness.js';

const DIR = new URL('../../fixtures/documents/', import.meta.url).pathname;
const FOLDERS = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const specOf = (folder: string) => `${DIR}${folder}/${readdirSync(DIR + folder).find((f) => /^(openapi|swagger)\.(yaml|json)$/.test(f))!}`;

async function call(mock: RunningMock, method: string, path: string, body?: unknown, session = 'docs') {
  const headers: Record<string, string> = { 'X-Mock-Session': session, Authorization: 'Bearer any-token' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(mock.url + path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const importSnapshot = (mock: RunningMock, snapshot: unknown, session = 'docs') => call(mock, 'POST', '/__admin/snapshot', snapshot, session);

describe.each(FOLDERS)('the corpus document %s', (folder) => {
  it('exports every session state and imports it back unchanged', async () => {
    const mock = await startMock({ clock: new ManualClock(T0), specFile: specOf(folder) });
    try {
      const exported = await mock.admin.snapshot('docs');
      expect(exported.document.title).toBe(mock.setup.loaded.document.info.title);
      const crud = new Set(mock.setup.plan.lines.filter((l) => l.resource).map((l) => l.resource));
      expect(Object.keys(exported.resources).sort()).toEqual([...crud].sort());
      const answer = await importSnapshot(mock, exported);
      expect(answer, JSON.stringify(answer.body)?.slice(0, 500)).toMatchObject({ status: 204 });
      expect(await mock.admin.snapshot('docs')).toEqual(exported);
    } finally {
      await mock.close();
    }
  });
});

describe('a document with writes (swagger2-petstore-expanded)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ clock: new ManualClock(T0), specFile: specOf('swagger2-petstore-expanded') });
  });
  afterAll(() => mock.close());

  it('round-trips records and the id counter: what was listed is listed again, and no id is reused', async () => {
    const s = 'expanded-round-trip';
    const made = await call(mock, 'POST', '/pets', { name: 'Kept', tag: 'dog' }, s);
    const dropped = await call(mock, 'POST', '/pets', { name: 'Dropped' }, s);
    expect((await call(mock, 'DELETE', `/pets/${dropped.body.id}`, undefined, s)).status).toBe(204);
    const exported = await mock.admin.snapshot(s);
    expect(exported.resources.pets!.nextId).toBe(dropped.body.id + 1);
    const listed = await call(mock, 'GET', '/pets', undefined, s);

    await call(mock, 'DELETE', `/pets/${made.body.id}`, undefined, s);
    await call(mock, 'POST', '/pets', { name: 'Later' }, s);
    expect((await importSnapshot(mock, exported, s)).status).toBe(204);

    expect(await call(mock, 'GET', '/pets', undefined, s)).toEqual(listed);
    expect((await call(mock, 'GET', `/pets/${made.body.id}`, undefined, s)).body).toEqual(made.body);
    expect((await call(mock, 'POST', '/pets', { name: 'Next' }, s)).body.id).toBe(dropped.body.id + 1);
  });

  it('refuses a record failing its schema, naming the record, and changes nothing', async () => {
    const s = 'expanded-rejected';
    const exported: any = await mock.admin.snapshot(s);
    const before = JSON.stringify(await call(mock, 'GET', '/pets', undefined, s));
    exported.resources.pets.records[0].record.name = 42;
    exported.resources.pets.records.splice(1, 1);
    const answer = await importSnapshot(mock, exported, s);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([{ path: '/resources/pets/records/0/record/name', message: 'must be a string' }]);
    expect(JSON.stringify(await call(mock, 'GET', '/pets', undefined, s))).toBe(before);
  });
});

describe('a document with nested resources (link-example)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ clock: new ManualClock(T0), specFile: specOf('link-example') });
  });
  afterAll(() => mock.close());

  it('imports a hand-written nested record under its parent, and the API serves it there', async () => {
    const s = 'nested-hand-written';
    const snapshot = {
      format: 'petstore-kit-snapshot',
      version: 1,
      resources: {
        repositories: { records: [{ record: { slug: 'kit', owner: { username: 'qa', uuid: 'u-1' } } }] },
        pullrequests: { nextId: 8, records: [{ parent: { slug: 'kit' }, record: { id: 7, title: 'Snapshots', author: { username: 'qa', uuid: 'u-1' } } }] },
      },
    };
    expect((await importSnapshot(mock, snapshot, s)).status).toBe(204);
    const read = await call(mock, 'GET', '/2.0/repositories/qa/kit/pullrequests/7', undefined, s);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: 7, title: 'Snapshots' });
    expect((await call(mock, 'GET', '/2.0/repositories/qa/kit/pullrequests', undefined, s)).body).toHaveLength(1);
    const exported = await mock.admin.snapshot(s);
    expect(exported.resources).toEqual(snapshot.resources);
  });

  it('refuses a nested record whose parent is not in the snapshot, and a duplicate id under one parent', async () => {
    const s = 'nested-rejected';
    const before = await mock.admin.snapshot(s);
    const orphan = {
      format: 'petstore-kit-snapshot',
      version: 1,
      resources: {
        repositories: { records: [{ record: { slug: 'kit' } }] },
        pullrequests: {
          records: [
            { parent: { slug: 'elsewhere' }, record: { id: 1, title: 'Lost' } },
            { parent: { slug: 'kit' }, record: { id: 2, title: 'Two' } },
            { parent: { slug: 'kit' }, id: '2', record: { title: 'Two again' } },
            { record: { id: 3, title: 'No parent' } },
          ],
        },
      },
    };
    const answer = await importSnapshot(mock, orphan, s);
    expect(answer.status).toBe(400);
    expect(answer.body.details).toEqual([
      { path: '/resources/pullrequests/records/0/parent/slug', message: 'names no repositories record "elsewhere" in this snapshot (a nested record needs its parent)' },
      { path: '/resources/pullrequests/records/2', message: 'id "2" is used twice under the same parent (also at records/1)' },
      { path: '/resources/pullrequests/records/3/parent', message: 'is required: {"slug": id} (the record belongs to a repositories record)' },
    ]);
    expect(await mock.admin.snapshot(s)).toEqual(before);
  });
});
