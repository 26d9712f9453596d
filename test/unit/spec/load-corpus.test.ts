import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocumentText } from '../../../src/spec/load-document.js';
import { loadDocument } from '../../../src/spec/load-document.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';
import type { Schema } from '../../../src/spec/openapi.js';

const CORPUS = 'test/fixtures/documents';

const cases = [
  { name: 'swagger-petstore-3', file: 'openapi.yaml', version: '3.0', operations: 19 },
  { name: 'link-example', file: 'openapi.yaml', version: '3.0', operations: 6 },
  { name: 'uspto', file: 'openapi.yaml', version: '3.0', operations: 3 },
  { name: 'nasa-apod', file: 'openapi.yaml', version: '3.0', operations: 1 },
  { name: 'swagger2-petstore-expanded', file: 'swagger.yaml', version: '2.0', operations: 4 },
  { name: 'tictactoe', file: 'openapi.yaml', version: '3.1', operations: 3 },
  { name: 'museum', file: 'openapi.yaml', version: '3.1', operations: 8 },
  { name: 'resend', file: 'openapi.yaml', version: '3.1', operations: 104 },
  { name: 'redocly-cafe', file: 'openapi.yaml', version: '3.1', operations: 12 },
  { name: 'realworld', file: 'openapi.yaml', version: '3.1', operations: 19 },
  { name: 'microcks-api-pastry', file: 'openapi.yaml', version: '3.0', operations: 3 },
  { name: 'microcks-beer-catalog', file: 'swagger.json', version: '2.0', operations: 3 },
] as const;

describe('loading the corpus of third-party documents', () => {
  it.each(cases)('loads $name ($version) and indexes all $operations operations', async ({ name, file, version, operations }) => {
    const loaded = await loadDocument(`${CORPUS}/${name}/${file}`);
    expect(loaded.sourceVersion).toBe(version);
    expect(loaded.line).toBe(version === '3.1' ? '3.1' : '3.0');
    const index = buildOperationIndex(loaded.document, loaded.file);
    expect(index.operations).toHaveLength(operations);
    expect(JSON.stringify(loaded.document)).not.toContain('"$ref"');
  });

  it('inlines a document split over local files, text files included', async () => {
    const loaded = await loadDocument(`${CORPUS}/redocly-cafe/openapi.yaml`);
    const index = buildOperationIndex(loaded.document);
    const list = index.byId('listOrders')!.responses['200']!.content!['application/json']!.schema as Schema;
    expect(Object.keys(list.properties!)).toEqual(['object', 'page', 'items']);
    expect((list.properties!.page as Schema).required).toContain('endCursor');
    const samples = (loaded.document.paths['/menu']!.get as unknown as { 'x-codeSamples': { source: string }[] })['x-codeSamples'];
    expect(samples[0]!.source).toContain('HttpClient');
    expect(JSON.stringify(loaded.source)).not.toMatch(/"\$ref":"\.\.?\//);
  });

  it('converts Swagger 2.0 to OpenAPI 3.0: basePath becomes a server, definitions become components', async () => {
    const loaded = await loadDocument(`${CORPUS}/swagger2-petstore-expanded/swagger.yaml`);
    expect(loaded.document.openapi).toMatch(/^3\.0\./);
    expect(loaded.document.servers?.[0]?.url).toBe('http://petstore.swagger.io/api');
    const index = buildOperationIndex(loaded.document);
    const created = index.byId('addPet')!.requestBody!.content['application/json']!.schema as Schema;
    expect(created.required).toEqual(['name']);
  });

  it('serves a document with a key the OpenAPI schema does not define, and says so', async () => {
    const loaded = await loadDocument(`${CORPUS}/nasa-apod/openapi.yaml`);
    expect(loaded.warnings).toEqual(['/paths/~1apod/get has a key the OpenAPI 3.0 schema does not define: descriptions']);
    const [op] = buildOperationIndex(loaded.document).operations;
    expect(op).toMatchObject({ operationId: 'getApod', operationIdSynthesized: true });
  });
});

describe('other forms of the same documents', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-forms-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('indexes a 3.1 operation without responses (3.1 makes them optional) with none', async () => {
    await writeFile(join(dir, 'no-responses.yaml'), "openapi: 3.1.0\ninfo: { title: t, version: '1' }\npaths:\n  /users:\n    get: { summary: list }\n");
    const loaded = await loadDocument(join(dir, 'no-responses.yaml'));
    expect(buildOperationIndex(loaded.document).byId('getUsers')!.responses).toEqual({});
  });

  it('reads JSON as well as YAML', async () => {
    const yaml = await readFile(`${CORPUS}/museum/openapi.yaml`, 'utf8');
    await writeFile(join(dir, 'museum.json'), JSON.stringify(parseDocumentText('museum.yaml', yaml)));
    const loaded = await loadDocument(join(dir, 'museum.json'));
    expect(loaded.line).toBe('3.1');
    expect(buildOperationIndex(loaded.document).operations).toHaveLength(8);
  });

  it('reads a Swagger 2.0 document split over files of its folder, then converts it', async () => {
    const swagger = (await readFile(`${CORPUS}/swagger2-petstore-expanded/swagger.yaml`, 'utf8'))
      .replace(/\$ref: '#\/definitions\/(\w+)'/g, "$ref: 'definitions.yaml#/$1'");
    expect(swagger).toContain("definitions.yaml#/Pet");
    const definitions = parseDocumentText('s.yaml', swagger) as { definitions: object };
    await writeFile(join(dir, 'swagger.yaml'), swagger);
    await writeFile(join(dir, 'definitions.yaml'), JSON.stringify(definitions.definitions));
    const loaded = await loadDocument(join(dir, 'swagger.yaml'));
    expect(loaded.sourceVersion).toBe('2.0');
    const pet = buildOperationIndex(loaded.document).byId('find pet by id')!.responses['200']!.content!['application/json']!.schema as Schema;
    expect(pet.allOf).toHaveLength(2);
  });
});
