/**
 * The built CLI's runner against a real server answering JSON of 100 KiB and 1 MiB: the body is
 * checked whole against its schema, not called "not valid JSON" because the recorded text is cut
 * at 64 KiB. Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { useTargets } from '../helpers/hostile-targets.js';

/** An array of items whose JSON is at least `bytes` long. */
function itemsOf(bytes: number, badAt?: number): unknown[] {
  const items: unknown[] = [];
  let size = 2;
  for (let i = 0; size < bytes; i++) {
    const item = { id: i, name: `item number ${i} with a name long enough to fill the page` };
    items.push(i === badAt ? { ...item, id: 'not-an-integer' } : item);
    size += JSON.stringify(item).length + 1;
  }
  return items;
}

const BODIES: Record<string, string> = {
  '/small': JSON.stringify(itemsOf(1024)),
  '/hundred-kib': JSON.stringify(itemsOf(100 * 1024)),
  '/one-mib': JSON.stringify(itemsOf(1024 * 1024)),
  // Past the 64 KiB cut, one item breaks the schema: the check still sees it.
  '/one-mib-wrong': JSON.stringify(itemsOf(1024 * 1024, 5000)),
};

const ITEMS = {
  type: 'array',
  items: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
};

function documentFor(paths: string[]): object {
  const operations = Object.fromEntries(
    paths.map((path) => [
      path,
      { get: { operationId: `get${path.replace(/[^a-z]/gi, '')}`, responses: { '200': { description: 'the items', content: { 'application/json': { schema: ITEMS } } } } } },
    ]),
  );
  return { openapi: '3.0.3', info: { title: 'large answers', version: '1' }, servers: [{ url: '/' }], paths: operations };
}

describe('the runner on JSON answers past 64 KiB', () => {
  const start = useTargets();
  let out: string;
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('checks 100 KiB and 1 MiB answers whole against the schema', async () => {
    expect(BODIES['/hundred-kib']!.length).toBeGreaterThan(100 * 1024);
    expect(BODIES['/one-mib']!.length).toBeGreaterThan(1024 * 1024);
    out = await mkdtemp(join(tmpdir(), 'large-json-'));
    const spec = join(out, 'openapi.json');
    await writeFile(spec, JSON.stringify(documentFor(Object.keys(BODIES))));
    const target = await start((req, res) => {
      const body = BODIES[new URL(req.url!, 'http://x').pathname];
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' }).end(body ?? '{"error":"not found"}');
    });
    const run = await runContract(['--base-url', target.url, '--spec', spec, '--phases', 'examples', '--checks', 'response_schema_conformance', '--reporter', 'json', '--out', out]);
    expect(run.stderr).toBe('');
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary;
    const byOperation = (id: string) => report.cases.filter((c) => c.operationId === id);
    for (const id of ['getsmall', 'gethundredkib', 'getonemib']) {
      expect(byOperation(id).length).toBeGreaterThan(0);
      for (const c of byOperation(id)) expect({ id, status: c.status, failures: c.failures }).toEqual({ id, status: 'passed', failures: [] });
    }
    const wrong = byOperation('getonemibwrong').flatMap((c) => c.failures);
    expect(wrong.map((f) => f.message).join('\n')).not.toContain('not valid JSON');
    expect(wrong.some((f) => f.check === 'response_schema_conformance' && f.location === '$[5000].id')).toBe(true);
    expect(run.code).toBe(1);
  }, 60_000);
});
