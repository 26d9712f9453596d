/**
 * Hostile `--spec` documents through the built CLI, as a user meets them: each is refused with
 * exit 2 and one message naming the file, the JSON path and the reason, quickly, without a stack
 * trace; none hangs or crashes. Those that can be served are served, and answer promptly without
 * a 500. (deep-ref-cycle and huge-enum are covered in test/unit/spec, validation and generation.)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = join(ROOT, 'dist/cli/main.js');
const HOSTILE = 'test/fixtures/hostile-documents';
// Generous for a loaded 2-core machine; a hang would meet it, a refusal takes well under a second.
const BOUND_MS = 15_000;

function run(args: string[]): Promise<{ code: number | null; stderr: string; ms: number }> {
  const start = performance.now();
  const child = spawn(process.execPath, [MAIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), BOUND_MS);
  return new Promise((resolve) => child.on('exit', (code) => {
    clearTimeout(timer);
    resolve({ code, stderr, ms: performance.now() - start });
  }));
}

// Under --ref-root (the document's own folder here), a $ref that leaves it is refused (decision 063).
const refusedUnderRefRoot = [
  ['ref-outside-folder/api/openapi.yaml', '/paths/~1things/get/responses/200/content/application~1json/schema/$ref'],
  ['ref-parent-folder/spec/swagger.yaml', '/paths/~1pets/get/responses/default/schema/$ref'],
  ['ref-absolute-path/openapi.yaml', '/paths/~1things/get/responses/200/content/application~1json/schema/$ref'],
] as const;

const refused = [
  ['ref-url/openapi.yaml', '/paths/~1things/get/responses/200/content/application~1json/schema/$ref', 'is a remote URL; the kit does not fetch $refs unless --allow-remote-refs'],
  ['self-ref/openapi.yaml', '/schema/$ref', 'only leads back to itself'],
  ['yaml-alias-bomb/openapi.yaml', '(at /x-bomb/lol', 'an alias bomb is refused'],
  ['not-openapi/openapi.yaml', 'at the top level', 'is not an OpenAPI document'],
  ['invalid-structure/openapi.yaml', '/paths/~1things/parameters', 'must be array'],
  // Each of these answered 500 to every request that reached the schema (issue 22, item 10).
  ['pattern-invalid/openapi.yaml', '/components/schemas/Thing/properties/code/pattern: the pattern "([a-z"', 'is not a regular expression'],
  ['allof-cycle/openapi.yaml', '/components/schemas/Thing/allOf/0/$ref', 'has a schema made of itself'],
  ['if-cycle/openapi.yaml', '/components/schemas/Thing/if/$ref', 'has a schema made of itself'],
  ['anchor-out-of-scope/openapi.yaml', '/properties/t/$ref: "#thing"', 'names nothing in the document'],
] as const;

// What only the mock must make: before, it never listened (minLength built 100 million characters,
// deaf to SIGTERM; issue 22, item 9).
const refusedByTheMock = [
  ['min-length/openapi.yaml', '/components/schemas/Thing/properties/name/minLength', 'asks for a longer string than the mock makes'],
  ['min-items/openapi.yaml', '/components/schemas/Thing/properties/tags/minItems', 'asks for a longer array than the mock makes'],
] as const;

it.each(refusedByTheMock)('mock --spec %s: exit 2 naming the file, %s and the reason', async (name, pointer, reason) => {
  const file = `${HOSTILE}/${name}`;
  const { code, stderr, ms } = await run(['mock', '--spec', file, '--port', '0']);
  expect(code).toBe(2);
  expect(stderr).toContain(file);
  expect(stderr).toContain(pointer);
  expect(stderr).toContain(reason);
  expect(ms).toBeLessThan(BOUND_MS);
});

// Decision 016 refuses what is not a regular file, but open() itself waited for a FIFO's writer.
describe('a FIFO as the document or behind a $ref', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fifo-document-'));
  execFileSync('mkfifo', [join(dir, 'pipe.yaml')]);
  writeFileSync(join(dir, 'openapi.yaml'), [
    'openapi: 3.0.3',
    'info: { title: FIFO, version: "1" }',
    'paths:',
    '  /things:',
    '    get:',
    '      responses:',
    "        '200': { description: ok, content: { application/json: { schema: { $ref: 'pipe.yaml' } } } }",
  ].join('\n'));
  it.each([['pipe.yaml', 'pipe.yaml: is not a regular file'], ['openapi.yaml', 'pipe.yaml: is not a regular file']])('mock --spec %s: exit 2 at once, not blocked in open()', async (name, reason) => {
    const { code, stderr, ms } = await run(['mock', '--spec', join(dir, name), '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toContain(reason);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});

describe('mock --spec with a hostile document it can serve', () => {
  const mocks: MockProcess[] = [];
  const serve = async (name: string) => {
    const mock = await startMockProcess(['--spec', `${HOSTILE}/${name}/openapi.yaml`]);
    mocks.push(mock);
    return mock;
  };
  const send = async (mock: MockProcess, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const start = performance.now();
    const response = await fetch(`${mock.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: response.status, body: await response.text(), ms: performance.now() - start };
  };
  afterAll(async () => {
    await Promise.all(mocks.map((m) => m.stop()));
  });

  it('matches ^(a+)+$ in linear time: 33 characters that almost match answer 400 at once (before: the whole mock stalled for minutes)', async () => {
    const mock = await serve('pattern-redos');
    const refused = await send(mock, 'POST', '/things', { id: 1, code: `${'a'.repeat(33)}!` });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('must match pattern');
    expect(refused.ms).toBeLessThan(5_000);
    expect((await send(mock, 'POST', '/things', { id: 1, code: 'a'.repeat(33) })).status).toBe(201);
  });

  it('serves ^(a{1,60000}){1,60000}$ without building it (before: never listened, then 50 s and 4.3 GB for one POST)', async () => {
    const mock = await serve('pattern-huge-repeat');
    const created = await send(mock, 'POST', '/things', { id: 1, code: 'aaa' });
    expect(created.status).toBe(201);
    expect(created.ms).toBeLessThan(5_000);
    expect((await send(mock, 'GET', '/things')).status).toBe(200);
  });

  it('serves a document of 1.1 million values without a YAML alias (before: refused as "an alias bomb")', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'many-values-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify({
      openapi: '3.0.3', info: { title: 'Many values', version: '1' },
      paths: { '/things': { get: { responses: { '200': { description: 'ok' } } } } },
      'x-data': Array.from({ length: 1_100_000 }, (_, i) => i),
    }));
    const mock = await startMockProcess(['--spec', file]);
    mocks.push(mock);
    expect((await send(mock, 'GET', '/things')).status).toBe(200);
  }, 120_000); // about 20 s to start on a busy 2-core machine (it is a large document)

  it('accepts a vendor keyword with a dot in a schema (before: 500 on every request)', async () => {
    const mock = await serve('extension-dot');
    expect((await send(mock, 'POST', '/things', { id: 1 })).status).toBe(201);
    expect((await send(mock, 'POST', '/things', { id: 'one' })).status).toBe(400);
  });

  it('ignores Prefer: dynamic=true where the schema is false, which nothing satisfies (before: 500)', async () => {
    const mock = await serve('false-schema');
    const plain = await send(mock, 'GET', '/things/1');
    const preferred = await send(mock, 'GET', '/things/1', undefined, { prefer: 'dynamic=true' });
    expect(preferred.status).toBeLessThan(500);
    expect(preferred.status).toBe(plain.status);
  });

  const external = '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><thing><id>1</id><name>&x;</name></thing>';
  const expanding = `<?xml version="1.0"?><!DOCTYPE t [<!ENTITY e "${'a'.repeat(1000)}">]><thing><id>1</id><name>${'&e;'.repeat(200)}</name></thing>`;
  let xmlMock: MockProcess | undefined;
  const deep = `<thing>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}</thing>`;
  it.each([
    ['an external entity', external, 'External entities are not supported'],
    ['200,000 characters of entity expansion', expanding, 'Expanded content length limit exceeded'],
    ['elements nested 5,000 deep', deep, 'Maximum nested tags exceeded'],
  ])('answers 400 to an XML body with %s (before: 500)', async (_, xml, reason) => {
    const mock = (xmlMock ??= await serve('xml-body'));
    const refused = await fetch(`${mock.url}/things`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: xml });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('validation_failed');
    expect(body.message).toContain(reason);
    expect(body.message).not.toContain('root:');
  });
});

describe.each(['mock', 'contract'])('%s --spec with a hostile document', (command) => {
  const extra = command === 'mock' ? ['--port', '0'] : ['--base-url', 'http://127.0.0.1:9', '--api-key', 'k'];
  it.each(refused)('%s: exit 2 naming the file, %s and the reason', async (name, pointer, reason) => {
    const file = `${HOSTILE}/${name}`;
    const { code, stderr, ms } = await run([command, '--spec', file, ...extra]);
    expect(code).toBe(2);
    expect(stderr).toContain(file);
    expect(stderr).toContain(pointer);
    expect(stderr).toContain(reason);
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(ms).toBeLessThan(BOUND_MS);
  });
  it.each(refusedUnderRefRoot)('%s under --ref-root its folder: exit 2 naming the file, %s and the root', async (name, pointer) => {
    const file = `${HOSTILE}/${name}`;
    const { code, stderr, ms } = await run([command, '--spec', file, '--ref-root', dirname(file), ...extra]);
    expect(code).toBe(2);
    expect(stderr).toContain(file);
    expect(stderr).toContain(pointer);
    expect(stderr).toContain(`points outside --ref-root (${join(ROOT, dirname(file))})`);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});
