import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaker } from '../../../src/generation/create-faker.js';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import { loadDocument, parseDocumentText, type RefOptions } from '../../../src/spec/load-document.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';
import type { Schema } from '../../../src/spec/openapi.js';
import { SpecError } from '../../../src/spec/spec-error.js';
import { createAjv } from '../../../src/validation/create-ajv.js';
import { compileRequestValidator } from '../../../src/validation/request-validator.js';

const HOSTILE = 'test/fixtures/hostile-documents';

async function refusal(file: string, options: RefOptions = {}): Promise<{ message: string; ms: number }> {
  const start = performance.now();
  const error = await loadDocument(file, options).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(SpecError);
  return { message: (error as SpecError).message, ms: performance.now() - start };
}

describe('hostile documents are refused with the file, the JSON path and the reason', () => {
  it('a $ref to a file outside --ref-root', async () => {
    const file = `${HOSTILE}/ref-outside-folder/api/openapi.yaml`;
    const { message } = await refusal(file, { refRoot: dirname(file) });
    expect(message).toContain(`${file}: has a $ref at /paths/~1things/get/responses/200/content/application~1json/schema/$ref ("../outside.yaml#/Secret") that points outside --ref-root (${resolve(dirname(file))})`);
  });

  it('a real Swagger 2.0 document whose refs climb to a parent folder, under --ref-root its own folder', async () => {
    const { message } = await refusal(`${HOSTILE}/ref-parent-folder/spec/swagger.yaml`, { refRoot: `${HOSTILE}/ref-parent-folder/spec` });
    expect(message).toMatch(/has a \$ref at \/paths\/~1pets\/get\/responses\/default\/schema\/\$ref \("\.\.\/common\/Error\.yaml"\) that points outside --ref-root/);
  });

  it('an absolute path, under --ref-root', async () => {
    expect((await refusal(`${HOSTILE}/ref-absolute-path/openapi.yaml`, { refRoot: `${HOSTILE}/ref-absolute-path` })).message).toContain('("/etc/passwd") that points outside --ref-root');
  });

  it('a --ref-root that is not a folder', async () => {
    expect((await refusal(`${HOSTILE}/ref-parent-folder/spec/swagger.yaml`, { refRoot: `${HOSTILE}/no-such-folder` })).message).toContain('no-such-folder: is not a folder that can be read (--ref-root)');
  });

  it('a URL, without any attempt to fetch it', async () => {
    const { message, ms } = await refusal(`${HOSTILE}/ref-url/openapi.yaml`);
    expect(message).toContain('("https://schemas.example.invalid/thing.json#/Thing") that is a remote URL; the kit does not fetch $refs unless --allow-remote-refs is given');
    expect(ms).toBeLessThan(2000);
  });

  it('a $ref that leads only back to itself', async () => {
    expect((await refusal(`${HOSTILE}/self-ref/openapi.yaml`)).message).toMatch(/"#\/components\/schemas\/Loop" at \/paths\/~1loops\/.*\/schema\/\$ref only leads back to itself/);
  });

  it('a YAML alias bomb, quickly', async () => {
    const { message, ms } = await refusal(`${HOSTILE}/yaml-alias-bomb/openapi.yaml`);
    expect(message).toMatch(/expands to more than 1,000,000 values through YAML aliases \(at \/x-bomb\/lol\d\); an alias bomb is refused/);
    expect(ms).toBeLessThan(2000);
  });

  it('a file that is not OpenAPI', async () => {
    expect((await refusal(`${HOSTILE}/not-openapi/openapi.yaml`)).message).toContain('is not an OpenAPI document: it has no openapi (or swagger) field at the top level (its keys: services)');
  });

  it('an OpenAPI 3.0 document with a broken structure, each problem at its JSON path', async () => {
    const { message } = await refusal(`${HOSTILE}/invalid-structure/openapi.yaml`);
    expect(message).toContain('is not a valid OpenAPI 3.0 document');
    expect(message).toContain('/paths/~1things/parameters must be array');
    expect(message).toContain("/paths/~1things/get/responses/200 must have required property 'description'");
  });
});

describe('hostile documents that are served', () => {
  it('a 20,000-value enum: loads, validates and generates in bounded time', async () => {
    const start = performance.now();
    const index = buildOperationIndex((await loadDocument(`${HOSTILE}/huge-enum/openapi.yaml`)).document);
    const ajv = createAjv();
    const list = compileRequestValidator(index.byId('listCodes')!, ajv);
    expect(list({ pathParams: {}, query: 'code=v19999', headers: {}, body: undefined }).query).toEqual({ code: 'v19999' });
    const error = (() => { try { list({ pathParams: {}, query: 'code=v20000', headers: {}, body: undefined }); } catch (e) { return e as { details: { path: string; message: string }[] }; } })();
    expect(error?.details).toEqual([{ path: '/query/code', message: expect.stringMatching(/^must be one of the 20000 values the document lists \("v00000", .*, …\)$/) }]);
    expect(error!.details[0]!.message.length).toBeLessThan(400);
    const answer = index.byId('listCodes')!.responses['200']!.content!['application/json']!.schema as Schema;
    const validate = ajv.compile(answer);
    for (let seed = 0; seed < 20; seed++) expect(validate(fakeFromSchema(answer, createFaker(seed)))).toBe(true);
    // ajv alone took about 2.5 s per compile of this enum before large-enum.ts.
    expect(performance.now() - start).toBeLessThan(5_000);
  });
});

describe('hostile files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-files-'));
    const schemas = Array.from({ length: 4000 }, (_, i) =>
      `    S${i}: { type: object, properties: { next: ${i < 3999 ? `{ $ref: '#/components/schemas/S${i + 1}' }` : '{ type: string }'} } }`);
    await writeFile(join(dir, 'chain.yaml'), [
      'openapi: 3.0.3', "info: { title: chain, version: '1' }", 'paths:', '  /a:', '    get:', '      operationId: a', '      responses:',
      "        '200':", '          description: ok', '          content:', '            application/json:',
      "              schema: { $ref: '#/components/schemas/S0' }", 'components:', '  schemas:', ...schemas, '',
    ].join('\n'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('refuses what is not a regular file before reading it (/dev/zero, a folder)', async () => {
    expect((await refusal('/dev/zero')).message).toBe('/dev/zero: is not a regular file');
    expect((await refusal(dir)).message).toBe(`${dir}: is not a regular file`);
  });

  it('refuses a chain of 4,000 $refs with a message of readable length', async () => {
    const { message, ms } = await refusal(join(dir, 'chain.yaml'));
    expect(message).toContain('has a $ref that cannot be resolved: Maximum dereference depth');
    expect(message.length).toBeLessThan(600);
    expect(ms).toBeLessThan(10_000);
  });
});

describe('hostile text', () => {
  it('refuses a YAML alias that contains itself', () => {
    expect(() => parseDocumentText('x.yaml', 'openapi: 3.0.3\nloop: &a [1, *a]\n')).toThrow(/x.yaml: has a YAML alias that contains itself at \/loop/);
  });

  it('refuses nesting 100,000 levels deep without exhausting the stack', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(() => parseDocumentText('x.json', `{"openapi": "3.0.3", "x": ${deep}}`)).toThrow(SpecError);
  });

  it('reads anchors and aliases that expand within bounds', () => {
    const doc = parseDocumentText('x.yaml', 'a: &id { type: integer, minimum: 1 }\nb: *id\nc: [*id, *id]\n') as Record<string, unknown>;
    expect(doc.c).toEqual([{ type: 'integer', minimum: 1 }, { type: 'integer', minimum: 1 }]);
  });
});

describe('$refs into other files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-refs-'));
    await mkdir(join(dir, 'api/schemas'), { recursive: true });
    await writeFile(join(dir, 'secret.yaml'), 'type: string\n');
    const doc = (schemaRef: string) => `openapi: 3.0.3\ninfo: { title: t, version: '1' }\npaths:\n  /a:\n    get:\n      operationId: a\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: { $ref: '${schemaRef}' }\n`;
    await writeFile(join(dir, 'api/nested.yaml'), doc('schemas/thing.yaml'));
    await writeFile(join(dir, 'api/schemas/thing.yaml'), 'type: object\nproperties:\n  secret: { $ref: "../../secret.yaml" }\n  web: { type: string }\n');
    await writeFile(join(dir, 'api/url-nested.yaml'), doc('schemas/remote.yaml'));
    await writeFile(join(dir, 'api/schemas/remote.yaml'), 'type: object\nproperties:\n  r: { $ref: "http://127.0.0.1:9/x.yaml" }\n');
    await symlink(join(dir, 'secret.yaml'), join(dir, 'api/schemas/link.yaml'));
    await writeFile(join(dir, 'api/symlinked.yaml'), doc('schemas/link.yaml'));
    await writeFile(join(dir, 'api/missing.yaml'), doc('schemas/nothing-here.yaml'));
    await writeFile(join(dir, 'api/fine.yaml'), doc('schemas/ok.yaml#/Ok'));
    await writeFile(join(dir, 'api/schemas/ok.yaml'), 'Ok:\n  type: object\n  properties:\n    next: { $ref: "#/Ok" }\n    sibling: { $ref: "./sibling.json" }\n');
    await writeFile(join(dir, 'api/schemas/sibling.json'), '{"type": "integer"}');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('resolves a $ref relative to the file that holds it, wherever that is (no --ref-root)', async () => {
    const loaded = await loadDocument(join(dir, 'api/nested.yaml'));
    expect(JSON.stringify(loaded.source)).toContain('"secret":{"type":"string"}');
  });

  it('checks the $refs of a referenced file too, naming that file and the JSON path in it', async () => {
    const { message } = await refusal(join(dir, 'api/nested.yaml'), { refRoot: join(dir, 'api') });
    expect(message).toContain(`${join(dir, 'api/schemas/thing.yaml')}: has a $ref at /properties/secret/$ref ("../../secret.yaml") that points outside`);
  });

  it('refuses a URL in a referenced file', async () => {
    expect((await refusal(join(dir, 'api/url-nested.yaml'))).message).toContain('/properties/r/$ref ("http://127.0.0.1:9/x.yaml") that is a remote URL');
  });

  it('follows symbolic links before deciding where a file is', async () => {
    expect((await refusal(join(dir, 'api/symlinked.yaml'), { refRoot: join(dir, 'api') })).message).toContain('("schemas/link.yaml") that points outside --ref-root');
  });

  it('names a referenced file that does not exist', async () => {
    expect((await refusal(join(dir, 'api/missing.yaml'))).message).toMatch(/\("schemas\/nothing-here.yaml"\) that names a file that cannot be read/);
  });

  it('reads files inside the folder, a cycle through them kept as a linked $ref', async () => {
    const loaded = await loadDocument(join(dir, 'api/fine.yaml'));
    expect(loaded.cyclicRefs).toBeGreaterThan(0);
    expect(JSON.stringify(loaded.source)).toContain('"type":"integer"');
  });
});
