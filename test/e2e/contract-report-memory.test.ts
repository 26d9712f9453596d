/**
 * Issue 21, item 7: the runner's memory does not grow with its cases. A generated document of 75
 * operations whose records carry a 12,000-character field, served by the kit's own mock, gives
 * 885 cases (675 before the Unicode boundary values and unsupported-method cases of this stage)
 * and about 28 MB of report.json. Run by the built CLI in a small heap with the three file
 * reports: the runner that held every case to the end (and stringified report.json whole) died of
 * memory in a 72 MB heap (V8 aborts in JSON.stringify, exit 134); the reporters that take each case
 * as it finishes write all three files. Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const RESOURCES = 15;
const FIELD_LENGTH = 12_000;

/** RESOURCES collections, each with list, create, read, replace and delete. */
function manyThings(): unknown {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  for (let i = 1; i <= RESOURCES; i += 1) {
    const name = `Thing${i}`;
    schemas[name] = {
      type: 'object',
      required: ['id', 'name', 'description'],
      properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 40 }, description: { type: 'string', minLength: FIELD_LENGTH, maxLength: FIELD_LENGTH } },
    };
    const ref = { $ref: `#/components/schemas/${name}` };
    paths[`/things${i}`] = {
      get: { operationId: `list${name}`, responses: { 200: { description: 'list', content: json({ type: 'array', items: ref }) } } },
      post: { operationId: `create${name}`, requestBody: { required: true, content: json(ref) }, responses: { 201: { description: 'made', content: json(ref) }, 400: { description: 'bad' } } },
    };
    paths[`/things${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: `get${name}`, responses: { 200: { description: 'one', content: json(ref) }, 404: { description: 'none' } } },
      put: { operationId: `replace${name}`, requestBody: { required: true, content: json(ref) }, responses: { 200: { description: 'replaced', content: json(ref) }, 400: { description: 'bad' }, 404: { description: 'none' } } },
      delete: { operationId: `delete${name}`, responses: { 204: { description: 'gone' }, 404: { description: 'none' } } },
    };
  }
  return { openapi: '3.0.3', info: { title: 'Many things', version: '1' }, paths, components: { schemas } };
}

describe('the runner with every file report in a small heap', () => {
  let mock: MockProcess;
  let dir: string;
  let spec: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'report-memory-'));
    spec = join(dir, 'many-things.json');
    await writeFile(spec, JSON.stringify(manyThings()));
    // Plans raised so that the run is not paced: the point is memory, not the mock's limits.
    const config = join(dir, 'plans.json');
    const plan = { perMinute: 10_000_000, perDay: 100_000_000 };
    await writeFile(config, JSON.stringify({ plans: { Free: plan, Pro: plan, Enterprise: plan } }));
    mock = await startMockProcess(['--spec', spec, '--config', config]);
  });
  afterAll(async () => {
    await mock?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes report.json, junit.xml and report.html of 885 cases within a 72 MB heap', async () => {
    const out = join(dir, 'reports');
    const run = await runContract(['--base-url', mock.url, '--spec', spec, '--api-key', 'any-key-123', '--seed', '1', '--reporter', 'json', '--reporter', 'junit', '--reporter', 'html', '--out', out], () => {}, {
      NODE_OPTIONS: '--max-old-space-size=72',
    });
    expect(run.stderr).not.toMatch(/heap out of memory/i);
    expect([0, 1]).toContain(run.code);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary & { problems: unknown[] };
    expect(report.totals.cases).toBe(885);
    expect(report.cases).toHaveLength(885);
    expect(Array.isArray(report.problems)).toBe(true);
    expect((await stat(join(out, 'report.json'))).size).toBeGreaterThan(20_000_000);
    const junit = await readFile(join(out, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)?.length).toBe(885 + report.problems.length);
    const html = await readFile(join(out, 'report.html'), 'utf8');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html.match(/<li class="case /g)).toHaveLength(885);
  }, 300_000);
});
