/**
 * Patterns written for another engine, and patterns no string the generator makes can meet
 * (decision 101), through the built CLI (`npm run build` first). cpy.re/peertube's
 * `"/^[a-z0-9._]+$/"` made the mock exit with "unexpected error" at start; AWS opensearch's
 * `\p{XDigit}` gave 500s. Now a regular-expression literal and Java's class names are read as
 * their authors meant, by the generator and the validator alike, and a pattern nothing meets is
 * named at start-up and served with a value that breaks it, instead of stopping the mock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const UNMET = '^[a-z]+$x';
const thing = {
  type: 'object',
  required: ['id', 'slug', 'code', 'uuid', 'name', 'odd'],
  properties: {
    id: { type: 'string', pattern: UNMET },
    slug: { type: 'string', pattern: '/^[a-z0-9._]+$/' },
    code: { type: 'string', pattern: '/^SAP[0-9]{9}$/i' },
    uuid: { type: 'string', pattern: '\\p{XDigit}{8}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{4}-\\p{XDigit}{12}' },
    name: { type: 'string', pattern: '\\A[\\p{Alnum}_]+\\z' },
    odd: { type: 'string', maxLength: 12, pattern: UNMET },
  },
};
const document = {
  openapi: '3.0.3',
  info: { title: 'patterns', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: thing.properties } } } },
        responses: { '201': { description: 'made', content: { 'application/json': { schema: thing } } } },
      },
      get: { operationId: 'listThings', responses: { '200': { description: 'all', content: { 'application/json': { schema: { type: 'array', items: thing } } } } } },
    },
    '/things/{thingId}': {
      parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string', pattern: UNMET } }],
      get: { operationId: 'getThing', responses: { '200': { description: 'one', content: { 'application/json': { schema: thing } } } } },
    },
  },
};

let child: ChildProcess;
let url = '';
let banner = '';
let stderr = '';

beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'pattern-dialects-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  child = spawn(process.execPath, [CLI, 'mock', '--spec', file, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      banner += c.toString();
      if (banner.includes('Try:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`mock exited with ${code}: ${stderr}`)));
  });
  url = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)![0];
}, 60_000);
afterAll(() => child?.kill('SIGTERM'));

describe('patterns of other dialects, and patterns nothing meets', () => {
  it('starts, and names each pattern no string it makes can match, with its JSON path', () => {
    expect(stderr).not.toContain('unexpected error');
    expect(banner).toContain(`/paths/~1things~1{thingId}/parameters/0/schema/pattern: no string the mock makes matches the pattern ${JSON.stringify(UNMET)}`);
    expect(banner).toContain('/paths/~1things~1{thingId}/get/responses/200/content/application~1json/schema/properties/odd/pattern: no string');
    expect(banner).not.toMatch(/no string the mock makes matches the pattern "(\/\^|\\\\p|\\\\A)/);
  });

  it("answers with values that a literal's body, Java's classes and anchors match, and the unmet one within its length", async () => {
    const res = await fetch(`${url}/things`, { headers: { Authorization: 'Bearer demo-pro', 'X-API-Key': 'demo-pro' } });
    expect(res.status).toBe(200);
    const things = (await res.json()) as Record<string, string>[];
    expect(things.length).toBeGreaterThan(0);
    for (const t of things) {
      expect(t.slug).toMatch(/^[a-z0-9._]+$/);
      expect(t.code).toMatch(/^SAP[0-9]{9}$/i);
      expect(t.uuid).toMatch(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/);
      expect(t.name).toMatch(/^[0-9a-zA-Z_]+$/);
      expect(typeof t.odd).toBe('string');
      expect(t.odd!.length).toBeLessThanOrEqual(12);
    }
  });

  it('validates requests by the same reading: the meant values pass, others are refused', async () => {
    const post = (body: unknown) =>
      fetch(`${url}/things`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer demo-pro', 'X-API-Key': 'demo-pro' }, body: JSON.stringify(body) });
    const good = await post({ slug: 'a.b_c', code: 'sap123456789', uuid: '0123abcd-0123-4567-89ab-cdef01234567', name: 'Abc_9' });
    expect(good.status).toBe(201);
    for (const bad of [{ slug: 'UPPER' }, { code: 'SAP12' }, { uuid: 'p{XDigit}}}}}}}}' }, { name: 'a b' }]) {
      const res = await post(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });
});
