/**
 * `--watch` (INTERFACE.md section 10): a mock on an ephemeral port serving a document split over
 * two real files in a temp folder, edited while it serves. Each test waits for the mock's own
 * report of the reload (startMock's onReload), never for a fixed time.
 */
import { copyFile, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { DEFAULT_SPEC_FILE, startMock, type RunningMock } from '../../../src/http/start-mock.js';
import type { ReloadOutcome } from '../../../src/http/watch-spec.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';
import { watchedDocument, type DocumentShape } from '../../helpers/watched-document.js';

const T0 = Date.parse('2026-03-01T12:00:00Z');

interface Watched {
  mock: RunningMock;
  dir: string;
  /** Rewrites the document (and its schema file) in this shape. */
  write(shape: DocumentShape): Promise<void>;
  /** Resolves with the first reload report after this call (rejects after a bounded deadline). */
  nextReload(): Promise<ReloadOutcome>;
  call(method: string, path: string, options?: { session?: string; body?: unknown }): Promise<{ status: number; body: any }>;
}

const running: Watched[] = [];
let redis: TestRedis | undefined;

afterEach(async () => {
  for (const w of running.splice(0)) {
    await w.mock.close();
    await rm(w.dir, { recursive: true, force: true });
  }
});

afterAll(() => redis?.stop());

async function startWatched(shape: DocumentShape, store?: { url: string; prefix: string }): Promise<Watched> {
  const dir = await mkdtemp(join(tmpdir(), 'petstore-watch-'));
  const document = watchedDocument(dir);
  await document.write(shape);
  const waiting: ((outcome: ReloadOutcome) => void)[] = [];
  const mock = await startMock({
    specFile: document.file,
    // Confined to its folder: a reload must keep the rule (the edit to ../outside.yaml below).
    refs: { refRoot: dirname(document.file) },
    clock: new ManualClock(T0),
    quiet: true,
    delay: async () => {},
    watch: true,
    onReload: (outcome) => waiting.splice(0).forEach((resolve) => resolve(outcome)),
    store,
  });
  const watched: Watched = {
    mock,
    dir,
    write: (next) => document.write(next),
    nextReload: () =>
      new Promise((resolve, reject) => {
        const deadline = setTimeout(() => reject(new Error('no reload reported within 10 s')), 10_000);
        waiting.push((outcome) => {
          clearTimeout(deadline);
          resolve(outcome);
        });
      }),
    call: async (method, path, options = {}) => {
      const headers: Record<string, string> = {};
      if (options.session) headers['X-Mock-Session'] = options.session;
      if (options.body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(mock.url + path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    },
  };
  running.push(watched);
  return watched;
}

/** Edits the document and waits for the mock to report the reload. */
async function edit(w: Watched, shape: DocumentShape): Promise<ReloadOutcome> {
  const reported = w.nextReload();
  await w.write(shape);
  return reported;
}

const operations = async (w: Watched) => ((await w.call('GET', '/__admin/operations')).body as { method: string; path: string; behaviour: string }[]).map((o) => `${o.method} ${o.path} ${o.behaviour}`);

describe('mock --watch', () => {
  it('serves and lists an added operation, keeping records, keys, clock and journal of every session', async () => {
    const w = await startWatched({ owners: false });
    const mine = await w.call('POST', '/things', { body: { name: 'mine' } });
    const theirs = await w.call('POST', '/things', { session: 'other', body: { name: 'theirs' } });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    await w.mock.admin.addKey({ key: 'added-before-reload', plan: 'Pro' });
    await w.mock.admin.setClock('2027-01-01T00:00:00Z', 'other');
    expect(await operations(w)).not.toContain('GET /owners crud:list');

    const outcome = await edit(w, { owners: true, deleteThing: true });

    expect(outcome.reloaded).toBe(true);
    expect(await operations(w)).toEqual(expect.arrayContaining(['GET /owners crud:list', 'DELETE /things/{thingId} crud:delete']));
    const owners = await w.call('GET', '/owners');
    expect(owners.status).toBe(200);
    expect(owners.body.length).toBeGreaterThan(0); // a new resource starts from its seed records
    expect(await w.call('GET', `/things/${mine.body.id}`)).toEqual({ status: 200, body: mine.body });
    expect(await w.call('GET', `/things/${theirs.body.id}`, { session: 'other' })).toEqual({ status: 200, body: theirs.body });
    const otherNames = ((await w.call('GET', '/things', { session: 'other' })).body as { name: string }[]).map((t) => t.name);
    expect(otherNames).toContain('theirs');
    expect(otherNames).not.toContain('mine');
    // The added operation works on the kept records; ids go on from where they were.
    expect((await w.call('DELETE', `/things/${mine.body.id}`)).status).toBe(204);
    expect((await w.call('GET', `/things/${mine.body.id}`)).status).toBe(404);
    expect((await w.call('POST', '/things', { body: { name: 'next' } })).body.id).toBe(mine.body.id + 1);
    expect((await w.mock.admin.keys()).map((k) => k.key)).toContain('added-before-reload');
    expect(await w.mock.admin.clock('other')).toEqual({ now: '2027-01-01T00:00:00.000Z', frozen: true });
    expect((await w.mock.admin.requests()).map((r) => `${r.method} ${r.path} ${r.status}`)).toContain('POST /things 201');
  });

  it('answers 404 on the paths of a removed resource, as on unknown paths, and keeps the other records', async () => {
    const w = await startWatched({ owners: true });
    const thing = await w.call('POST', '/things', { body: { name: 'kept' } });
    const owner = await w.call('POST', '/owners', { body: { name: 'dropped' } });
    expect([thing.status, owner.status]).toEqual([201, 201]);

    expect((await edit(w, { owners: false })).reloaded).toBe(true);

    const unknown = await w.call('GET', '/nothing-here');
    const removed = await w.call('GET', `/owners/${owner.body.id}`);
    expect(removed.status).toBe(404);
    expect(removed.body.code).toBe(unknown.body.code);
    expect((await w.call('POST', '/owners', { body: { name: 'x' } })).status).toBe(404);
    expect(await operations(w)).not.toContain('GET /owners crud:list');
    expect(await w.call('GET', `/things/${thing.body.id}`)).toEqual({ status: 200, body: thing.body });

    // Dropped means dropped: the resource comes back with its seed records, not the old ones.
    expect((await edit(w, { owners: true })).reloaded).toBe(true);
    const names = ((await w.call('GET', '/owners')).body as { name: string }[]).map((o) => o.name);
    expect(names).not.toContain('dropped');
  });

  it('keeps serving the old document while the file is broken, says why, and reloads once it is fixed', async () => {
    const w = await startWatched({ owners: true });
    const thing = await w.call('POST', '/things', { body: { name: 'survivor' } });

    const broken = await edit(w, { owners: false, raw: 'openapi: 3.0.3\npaths: [\n' });
    expect(broken.reloaded).toBe(false);
    expect(String((broken as { error: Error }).error.message)).toMatch(/api\.yaml: is not valid YAML at line \d+/);
    expect((await w.call('GET', '/owners')).status).toBe(200);
    expect(await w.call('GET', `/things/${thing.body.id}`)).toEqual({ status: 200, body: thing.body });

    const outside = await edit(w, { owners: false, thingRef: '../outside.yaml#/Thing' });
    expect(outside.reloaded).toBe(false);
    expect(String((outside as { error: Error }).error.message)).toMatch(/api\.yaml: has a \$ref at \/paths\/~1things\/.* that points outside --ref-root/);
    expect((await w.call('GET', '/owners')).status).toBe(200);

    const invalid = await edit(w, { owners: false, operationIdOfList: 42 });
    expect(invalid.reloaded).toBe(false);
    expect(String((invalid as { error: Error }).error.message)).toMatch(/api\.yaml/);
    expect(await operations(w)).toContain('GET /owners crud:list');

    expect((await edit(w, { owners: false })).reloaded).toBe(true);
    expect((await w.call('GET', '/owners')).status).toBe(404);
    expect(await w.call('GET', `/things/${thing.body.id}`)).toEqual({ status: 200, body: thing.body });
  });

  it('reloads on a change to a $ref-ed file, and on a save that renames a new file over the old one', async () => {
    const w = await startWatched({ owners: false });
    const thing = await w.call('POST', '/things', { body: { name: 'typed' } });
    const document = watchedDocument(w.dir);

    // Only the schema file changes: `name` becomes an integer. The record is kept as stored and
    // answered in the new shape (a value the schema no longer allows is generated anew).
    let reported = w.nextReload();
    await writeFile(document.schemaFile, document.schemaText({ nameType: 'integer' }));
    expect((await reported).reloaded).toBe(true);
    const read = await w.call('GET', `/things/${thing.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(thing.body.id);
    expect(typeof read.body.name).toBe('number');

    reported = w.nextReload();
    await writeFile(join(w.dir, 'api.yaml.tmp'), document.documentText({ owners: true }));
    await rename(join(w.dir, 'api.yaml.tmp'), document.file);
    expect((await reported).reloaded).toBe(true);
    expect((await w.call('GET', '/owners')).status).toBe(200);
  });

  it('lets a request in flight during the swap finish on the document it started with', async () => {
    const releases: (() => void)[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'petstore-watch-'));
    const document = watchedDocument(dir);
    await document.write({ owners: true });
    const mock = await startMock({ specFile: document.file, clock: new ManualClock(T0), quiet: true, delay: () => new Promise<void>((resolve) => releases.push(resolve)) });
    running.push({ mock, dir } as Watched);
    await mock.admin.addFault({ method: 'GET', path: '/owners', times: 1, status: 503, delayMs: 1000 });
    const inFlight = fetch(`${mock.url}/owners`);
    await waitFor(() => releases.length === 1);
    const { loadDocument } = await import('../../../src/spec/load-document.js');
    await document.write({ owners: false });
    await mock.setup.reload(await loadDocument(document.file));
    expect((await fetch(`${mock.url}/owners`)).status).toBe(404);
    releases[0]!();
    // Routed by the old document: its fault answer, not the new document's 404.
    expect((await inFlight).status).toBe(503);
  });

  it('keeps the Petstore pack\'s state across a reload of the bundled document with an operation added', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'petstore-watch-'));
    const file = join(dir, 'petstore.yaml');
    await copyFile(DEFAULT_SPEC_FILE, file);
    const reports: ((outcome: ReloadOutcome) => void)[] = [];
    const mock = await startMock({ specFile: file, clock: new ManualClock(T0), quiet: true, delay: async () => {}, watch: true, onReload: (o) => reports.splice(0).forEach((r) => r(o)) });
    running.push({ mock, dir } as Watched);
    const headers = { 'X-API-Key': 'demo-pro', 'Content-Type': 'application/json' };
    const created = await fetch(`${mock.url}/pets`, { method: 'POST', headers, body: JSON.stringify({ name: 'Watched Rex', categoryId: 1 }) });
    expect(created.status).toBe(201);
    const pet = (await created.json()) as { id: number };

    const reported = new Promise<ReloadOutcome>((resolve) => reports.push(resolve));
    const added = '  /health:\n    get:\n      operationId: getHealth\n      responses:\n        "200":\n          description: up\n          content:\n            application/json:\n              schema: {type: object, properties: {up: {type: boolean}}}\n';
    await writeFile(file, (await readFile(DEFAULT_SPEC_FILE, 'utf8')).replace(/^paths:\n/m, `paths:\n${added}`));
    expect((await reported).reloaded).toBe(true);

    expect((await fetch(`${mock.url}/health`, { headers })).status).toBe(200);
    const read = await fetch(`${mock.url}/pets/${pet.id}`, { headers });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(pet);
    const lines = (await (await fetch(`${mock.url}/__admin/operations`)).json()) as { operationId: string; behaviour: string }[];
    expect(lines.find((l) => l.operationId === 'createPet')?.behaviour).toBe('petstore');
    expect(lines.map((l) => l.operationId)).toContain('getHealth');
  });

  it('keeps records kept in Redis (--store) across a reload', async () => {
    redis ??= await startTestRedis();
    const w = await startWatched({ owners: true }, { url: redis.url, prefix: `watch-${process.pid}:` });
    const thing = await w.call('POST', '/things', { session: 'shared', body: { name: 'in-redis' } });
    const owner = await w.call('POST', '/owners', { session: 'shared', body: { name: 'dropped' } });
    expect([thing.status, owner.status]).toEqual([201, 201]);

    expect((await edit(w, { owners: false, deleteThing: true })).reloaded).toBe(true);

    expect(await w.call('GET', `/things/${thing.body.id}`, { session: 'shared' })).toEqual({ status: 200, body: thing.body });
    expect((await w.call('POST', '/things', { session: 'shared', body: { name: 'after' } })).body.id).toBe(thing.body.id + 1);
    expect((await w.call('GET', '/owners', { session: 'shared' })).status).toBe(404);
    // What Redis holds of a removed resource is dropped too: back in the document, it starts from its seed.
    expect((await edit(w, { owners: true })).reloaded).toBe(true);
    const names = ((await w.call('GET', '/owners', { session: 'shared' })).body as { name: string }[]).map((o) => o.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names).not.toContain('dropped');
  }, 30_000);
});

/** Waits for a condition the test's own code makes true (an injected delay being entered). */
async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setImmediate(resolve));
  }
}
