import { describe, expect, it } from 'vitest';
import { fromObject, loadDocument, parseDocumentText } from '../../../src/spec/load-document.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';
import { SpecError } from '../../../src/spec/spec-error.js';

const minimal = (paths: object, components: object = {}) => ({
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths,
  components,
});
const ok = { responses: { '204': { description: 'none' } } };

describe('loadDocument', () => {
  it('names the file when it cannot be read', async () => {
    await expect(loadDocument('/nonexistent/petstore.yaml')).rejects.toThrow(/\/nonexistent\/petstore.yaml: cannot be read \(ENOENT\)/);
  });

  it('gives the line of a YAML syntax error', () => {
    expect(() => parseDocumentText('x.yaml', 'openapi: 3.0.3\ninfo:\n  title: [unclosed\n')).toThrow(/x.yaml: is not valid YAML at line \d+/);
  });

  it('refuses a document that is not OpenAPI 3.0, 3.1, 3.2 or Swagger 2.0', async () => {
    await expect(fromObject('x.yaml', { openapi: '3.3.0', info: {}, paths: {} })).rejects.toThrow(/has openapi: "3.3.0"; the kit reads OpenAPI 3.0.x, 3.1.x, 3.2.x and Swagger 2.0/);
    await expect(fromObject('x.yaml', ['not', 'a', 'mapping'])).rejects.toThrow(SpecError);
  });

  it('lists structural problems with their JSON path', async () => {
    const error = await fromObject('x.yaml', minimal({ '/a': { get: { responses: 'nope' } } })).catch((e) => e);
    expect(error).toBeInstanceOf(SpecError);
    expect(error.message).toContain('is not a valid OpenAPI 3.0 document');
    expect(error.message).toContain('/paths/~1a/get/responses');
  });

  it('takes a header or parameter with neither schema nor content, with a note (Prism serves them)', async () => {
    const loaded = await fromObject('x.yaml', minimal({
      '/a': { get: { parameters: [{ name: 'q', in: 'query' }], responses: { '200': { description: 'ok', headers: { 'X-Strange': {} } } } } },
    }));
    expect(loaded.warnings).toEqual([
      '/paths/~1a/get/parameters/0 has neither schema nor content; any value is taken and sent',
      '/paths/~1a/get/responses/200/headers/X-Strange has neither schema nor content; any value is taken and sent',
    ]);
  });

  it('says that the webhooks of a 3.1 document are neither served nor run', async () => {
    const loaded = await fromObject('x.yaml', { openapi: '3.1.0', info: { title: 't', version: '1' }, webhooks: { newPet: { post: { responses: { '200': { description: 'ok' } } } } } });
    expect(loaded.warnings).toEqual(['/webhooks (newPet): requests the API sends to its clients, so neither served by the mock nor run by the runner']);
  });

  it('takes a $ref standing for a whole map (a schema\'s properties), as JSON Reference allows, and resolves it', async () => {
    const base = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
    const doc = minimal(
      { '/a': { get: { operationId: 'a', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Copy' } } } } } } } },
      { schemas: { Base: base, Copy: { type: 'object', properties: { $ref: '#/components/schemas/Base/properties' } } } },
    );
    const loaded = await fromObject('x.yaml', doc);
    expect(loaded.document.components!.schemas!.Copy).toEqual({ type: 'object', properties: base.properties });
  });

  it('still refuses a $ref that is not a string where a map is expected', async () => {
    const doc = minimal({}, { schemas: { A: { type: 'object', properties: { $ref: 42 } } } });
    await expect(fromObject('x.yaml', doc)).rejects.toThrow(/components\/schemas\/A\/properties\/\$ref must be object/);
  });

  it('names a $ref that points nowhere', async () => {
    const doc = minimal({ '/a': { get: { responses: { '200': { $ref: '#/components/responses/Missing' } } } } });
    await expect(fromObject('x.yaml', doc)).rejects.toThrow(/\$ref that cannot be resolved.*Missing/);
  });

  it('dereferences local $refs and keeps the source as written', async () => {
    const doc = minimal(
      { '/a': { get: { operationId: 'a', responses: { '200': { $ref: '#/components/responses/A' } } } } },
      { responses: { A: { description: 'a' } } },
    );
    const loaded = await fromObject('x.yaml', doc);
    expect((loaded.document.paths['/a']!.get!.responses['200'] as { description: string }).description).toBe('a');
    expect(loaded.source.paths['/a']!.get!.responses['200']).toEqual({ $ref: '#/components/responses/A' });
  });
});

describe('specification extensions holding $refs to other files', () => {
  it('leaves out an x- extension whose $ref names a file (Redocly x-topics to markdown), says so, and keeps the rest', async () => {
    const doc = {
      ...minimal({ '/a': { get: { operationId: 'a', 'x-stability': 'beta', 'x-docs': { $ref: './a.md' }, responses: { '204': { description: 'none' } } } } }),
      'x-topics': [{ title: 'Start', content: { $ref: './docs/getting-started.md' } }],
    };
    const loaded = await fromObject('/nowhere/x.yaml', doc);
    expect(loaded.warnings).toEqual([
      '/paths/~1a/get/x-docs: a specification extension with a $ref to another file; not followed (the kit does not use it)',
      '/x-topics: a specification extension with a $ref to another file; not followed (the kit does not use it)',
    ]);
    expect((loaded.source as unknown as Record<string, unknown>)['x-topics']).toBeUndefined();
    expect((loaded.document.paths['/a']!.get as Record<string, unknown>)['x-stability']).toBe('beta');
  });

  it('still follows (and checks) a $ref under a name that only looks like an extension: a header or property called x-…', async () => {
    const doc = minimal({ '/a': { get: { operationId: 'a', responses: { '200': { description: 'ok', headers: { 'x-request-id': { $ref: './headers.yaml' } } } } } } });
    await expect(fromObject('/nowhere/x.yaml', doc)).rejects.toThrow(/\$ref at \/paths\/~1a\/get\/responses\/200\/headers\/x-request-id\/\$ref \("\.\/headers\.yaml"\) that names a file that cannot be read/);
  });
});

describe('buildOperationIndex', () => {
  it('serves a repeated operationId under a numbered one and an undeclared path parameter as text, saying so (Prism serves both)', async () => {
    const { document } = await fromObject('x.yaml', minimal({
      '/a': { get: ok, post: { operationId: 'same', ...ok } },
      '/b/{id}': { put: { operationId: 'same', ...ok } },
    }));
    const index = buildOperationIndex(document, 'x.yaml');
    expect(index.operations.map((o) => `${o.operationId} ${o.method} ${o.path}`)).toEqual(['getA get /a', 'same post /a', 'same2 put /b/{id}']);
    expect(index.byId('same2')?.operationIdSynthesized).toBe(true);
    expect(index.byId('same2')?.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(index.notes).toEqual([
      'operationId same is used by both POST /a and PUT /b/{id}; the kit calls the second same2',
      'PUT /b/{id} does not declare its path parameter {id}; any text is taken there',
    ]);
  });

  it('still refuses what it cannot read: an x-stability it does not know', async () => {
    const { document } = await fromObject('x.yaml', minimal({ '/a': { get: { 'x-stability': 'gamma', ...ok } } }));
    expect(() => buildOperationIndex(document, 'x.yaml')).toThrow(/GET \/a has x-stability "gamma"/);
  });

  it('makes a stable, unique operationId for operations without one, and says it made it', async () => {
    const { document } = await fromObject('x.yaml', minimal({
      '/': { get: ok },
      '/things': { get: ok, post: { operationId: 'getThings', ...ok } },
      '/things/{thingId}': { get: { parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }], ...ok } },
      '/2.0/owners/{owner-id}/pet_things': { delete: { parameters: [{ name: 'owner-id', in: 'path', required: true, schema: { type: 'string' } }], ...ok } },
    }));
    const index = buildOperationIndex(document);
    expect(index.operations.map((o) => [o.method, o.path, o.operationId, o.operationIdSynthesized])).toEqual([
      ['get', '/', 'getRoot', true],
      ['get', '/things', 'getThings2', true],
      ['post', '/things', 'getThings', false],
      ['get', '/things/{thingId}', 'getThingsByThingId', true],
      ['delete', '/2.0/owners/{owner-id}/pet_things', 'delete20OwnersByOwnerIdPetThings', true],
    ]);
    expect(index.byId('getThingsByThingId')!.path).toBe('/things/{thingId}');
  });

  it('refuses an unknown x-stability and an x-sunset that is not a date', async () => {
    const { document } = await fromObject('x.yaml', minimal({
      '/a': { get: { operationId: 'a', 'x-stability': 'alpha', 'x-sunset': 'soon', ...ok } },
    }));
    expect(() => buildOperationIndex(document, 'x.yaml')).toThrow(/x-stability "alpha"[\s\S]*x-sunset that is not an ISO 8601 instant/);
  });

  it('merges path-level parameters, the operation winning on the same name', async () => {
    const { document } = await fromObject('x.yaml', minimal({
      '/b/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, description: 'shared', schema: { type: 'string' } }],
        get: { operationId: 'b', parameters: [{ name: 'id', in: 'path', required: true, description: 'own', schema: { type: 'integer' } }], ...ok },
        delete: { operationId: 'c', ...ok },
      },
    }));
    const index = buildOperationIndex(document);
    expect(index.byId('b')!.parameters.map((p) => p.description)).toEqual(['own']);
    expect(index.byId('c')!.parameters.map((p) => p.description)).toEqual(['shared']);
  });
});
