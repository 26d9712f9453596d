import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useResetMock } from '../../helpers/contract-mock.js';
import { startDefectProxy, type DefectProxy, type ProxyRequest } from '../../helpers/defect-proxy.js';
import { runCli } from '../../helpers/hostile-targets.js';

// INTERFACE section 16, "Safe on shared staging" (issue 21, item 1), with the built CLI against real
// servers: json-server 0.17.4 behind a PostgREST-style document, and the kit's own seeded mock.
// A counting front between the runner and the server sees every request.
const require = createRequire(import.meta.url);
const FIXTURES = new URL('../../fixtures/postgrest-style/', import.meta.url).pathname;
const TABLES = join(FIXTURES, 'tables.yaml');
const ALL_PHASES = ['--phases', 'examples,negative,boundary,stateful,fuzz', '--max-examples', '5', '--seed', '1'];
const CHANGES = new Set(['PUT', 'PATCH', 'DELETE']);

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

/** A front that keeps every request it passes on, and the ids its POSTs were answered with (path -> ids). */
async function countingFront(upstream: string): Promise<DefectProxy & { seen: ProxyRequest[]; made: Map<string, Set<string>> }> {
  const seen: ProxyRequest[] = [];
  const made = new Map<string, Set<string>>();
  const proxy = await startDefectProxy(upstream, {
    name: 'counting',
    caughtBy: '-',
    description: 'counts',
    onRequest: (request) => (seen.push(request), request),
    onResponse: (response, request) => {
      const id = response.status < 300 && request.method === 'POST' ? (JSON.parse(response.body || '{}') as { id?: unknown }).id : undefined;
      const path = new URL(request.path, 'http://x').pathname;
      if (id !== undefined) made.set(path, (made.get(path) ?? new Set()).add(String(id)));
      return response;
    },
  });
  open.push(proxy);
  return { ...proxy, seen, made };
}

/** json-server 0.17.4 (the npm package, unchanged) over a fresh copy of the tables' rows. */
async function startTables(): Promise<string> {
  const jsonServer = require('json-server');
  const dir = mkdtempSync(join(tmpdir(), 'tables-'));
  copyFileSync(join(FIXTURES, 'db.json'), join(dir, 'db.json'));
  const app = jsonServer.create();
  app.use(jsonServer.defaults({ logger: false }));
  app.use(jsonServer.router(join(dir, 'db.json')));
  const server = await new Promise<Server>((resolve) => {
    const s: Server = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  open.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => (rmSync(dir, { recursive: true, force: true }), resolve()));
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** PUT, PATCH and DELETE that name a row held before the run: a whole table (no filter, or a filter) or a held id. */
function touchesOfHeld(seen: readonly ProxyRequest[], held: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  return seen
    .filter((r) => CHANGES.has(r.method))
    .filter((r) => {
      const url = new URL(r.path, 'http://x');
      const [collection, id] = url.pathname.split('/').filter(Boolean);
      const rows = held.get(`/${collection}`);
      if (!rows) return false;
      const named = id ?? url.searchParams.get('id') ?? undefined;
      return named === undefined || rows.has(named) || url.search !== '';
    })
    .map((r) => `${r.method} ${r.path}`);
}

describe('a PostgREST-style document on json-server (tables, filters in the query, no item paths)', () => {
  const held = new Map([
    ['/pets', new Set(['1', '2'])],
    ['/orders', new Set(['1'])],
    ['/categories', new Set(['1', '2'])],
  ]);

  it('sends no PUT, PATCH or DELETE to the tables with the defaults, all phases; the cases are skipped with the reason', async () => {
    const front = await countingFront(await startTables());
    const run = await runCli(['--spec', TABLES, '--base-url', front.url, ...ALL_PHASES], { timeoutMs: 110_000 });
    expect(run.stderr).toBe('');
    expect(touchesOfHeld(front.seen, held)).toEqual([]);
    expect(front.seen.filter((r) => CHANGES.has(r.method))).toEqual([]);
    const report = JSON.parse(await readFile(join(run.out, 'report.json'), 'utf8')) as { totals: Record<string, number>; cases: { id: string; status: string; reason?: string }[] };
    const notSent = report.cases.filter((c) => c.reason === 'not sent: could change records this run did not create (--allow-destructive sends it)');
    expect(notSent.map((c) => c.id)).toEqual(expect.arrayContaining(['deletePets/positive/plain', 'deleteOrders/positive/plain', 'deleteCategories/positive/plain']));
    expect(notSent.every((c) => c.status === 'skipped')).toBe(true);
    expect(report.totals['skipped']).toBeGreaterThanOrEqual(notSent.length);
    expect(run.stdout).toMatch(/\d+ skipped/);
  }, 120_000);

  it('sends them with --allow-destructive', async () => {
    const front = await countingFront(await startTables());
    await runCli(['--spec', TABLES, '--base-url', front.url, ...ALL_PHASES, '--allow-destructive'], { timeoutMs: 110_000 });
    const touches = touchesOfHeld(front.seen, held);
    expect(touches).toEqual(expect.arrayContaining(['DELETE /pets', 'DELETE /orders', 'DELETE /categories']));
  }, 120_000);

  it('--dry-run prints the plan, destructive lines marked, sends nothing and exits 0', async () => {
    const front = await countingFront(await startTables());
    const run = await runCli(['--spec', TABLES, '--base-url', front.url, ...ALL_PHASES, '--dry-run']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(front.seen).toEqual([]);
    const lines = run.stdout.split('\n');
    expect(lines).toContain('examples\tdeletePets\tDELETE /pets\tpositive/plain\tdestructive\tskipped: not sent: could change records this run did not create (--allow-destructive sends it)');
    expect(lines.some((l) => /^examples\tcreatePet\tPOST \/pets\tpositive\/\S+$/.test(l))).toBe(true);
    expect(lines.some((l) => l.startsWith('fuzz\tupdatePets\tPATCH /pets\t') && l.includes('\tdestructive'))).toBe(true);
    expect(lines.at(-2)).toMatch(/^\d+ case\(s\) planned: \d+ skipped, \d+ destructive \(not sent without --allow-destructive\)$/);
  }, 60_000);
});

describe('the kit’s mock with its seeded records', () => {
  const mock = useResetMock();
  const KEY = 'demo-enterprise';

  async function heldRecords(): Promise<Map<string, Set<string>>> {
    const held = new Map<string, Set<string>>();
    for (const [path, field] of [['/pets', 'id'], ['/categories', 'id'], ['/store/orders', 'id'], ['/store/inventory', 'petId']] as const) {
      const rows = (await (await fetch(`${mock.url}${path}?limit=100`, { headers: { 'x-api-key': KEY } })).json()) as Record<string, unknown>[];
      held.set(path, new Set(rows.map((r) => String(r[field]))));
    }
    return held;
  }

  /** PUT, PATCH and DELETE of a seeded record (by its path), or of a collection. */
  function touches(seen: readonly ProxyRequest[], held: ReadonlyMap<string, ReadonlySet<string>>): string[] {
    return seen
      .filter((r) => CHANGES.has(r.method))
      .filter((r) => {
        const path = new URL(r.path, 'http://x').pathname;
        const collection = [...held.keys()].find((c) => path === c || path.startsWith(`${c}/`));
        if (!collection) return true;
        const id = path.slice(collection.length + 1).split('/')[0];
        return !id || held.get(collection)!.has(decodeURIComponent(id));
      })
      .map((r) => `${r.method} ${r.path}`);
  }

  /** PUT, PATCH and DELETE of anything but a record the run's own POSTs made (the stock of /store/inventory/{petId} is a pet's). */
  function notMade(front: { seen: readonly ProxyRequest[]; made: ReadonlyMap<string, ReadonlySet<string>> }): string[] {
    return front.seen
      .filter((r) => CHANGES.has(r.method))
      .filter((r) => {
        const path = new URL(r.path, 'http://x').pathname;
        const [, collection, id] = /^(\/store\/orders|\/store\/inventory|\/pets|\/categories)\/([^/]+)/.exec(path) ?? [];
        if (!collection || !id) return true;
        return !front.made.get(collection === '/store/inventory' ? '/pets' : collection)?.has(decodeURIComponent(id));
      })
      .map((r) => `${r.method} ${r.path}`);
  }

  it('touches no seeded record and nothing it did not make with the defaults, all phases; --allow-destructive sends the 40 cases on ids it did not make', async () => {
    const held = await heldRecords();
    expect(held.get('/pets')!.size).toBeGreaterThan(0);
    const safe = await countingFront(mock.url);
    const run = await runCli(['--base-url', safe.url, '--api-key', KEY, ...ALL_PHASES], { timeoutMs: 170_000 });
    expect(run.stderr).toBe('');
    expect(touches(safe.seen, held)).toEqual([]);
    expect(notMade(safe)).toEqual([]);
    // The run still changed and deleted what it made.
    expect(safe.seen.filter((r) => CHANGES.has(r.method)).length).toBeGreaterThan(20);
    const after = await heldRecords();
    for (const [path, ids] of held) expect([...ids].filter((id) => !after.get(path)!.has(id))).toEqual([]);

    await mock.admin.reset();
    const bold = await countingFront(mock.url);
    await runCli(['--base-url', bold.url, '--api-key', KEY, '--allow-destructive'], { timeoutMs: 170_000 });
    // The Petstore's destructive cases name unknown and malformed ids (DELETE /pets/999999999): none seeded, none the run's.
    expect(notMade(bold).length).toBeGreaterThanOrEqual(40);
  }, 360_000);
});
