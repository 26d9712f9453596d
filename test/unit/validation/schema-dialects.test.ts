import { beforeAll, describe, expect, it } from 'vitest';
import { fromObject, loadDocument, type LoadedDocument } from '../../../src/spec/load-document.js';
import { buildOperationIndex, type OperationIndex } from '../../../src/spec/operation-index.js';
import type { Schema } from '../../../src/spec/openapi.js';
import { createAjv } from '../../../src/validation/create-ajv.js';
import { prepareSchema } from '../../../src/validation/prepare-schema.js';
import { compileRequestValidator } from '../../../src/validation/request-validator.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

const jsonSchema = (index: OperationIndex, id: string, status = '200') =>
  index.byId(id)!.responses[status]!.content!['application/json']!.schema as Schema;

describe('recursive schemas (the loader keeps their $refs, linked)', () => {
  let loaded: LoadedDocument;
  let index: OperationIndex;
  beforeAll(async () => {
    loaded = await loadDocument('test/fixtures/hostile-documents/deep-ref-cycle/openapi.yaml');
    index = buildOperationIndex(loaded.document);
  });

  it('validates a tree at any depth, and finds a mistake deep inside it', () => {
    const validate = createAjv().compile(jsonSchema(index, 'listTrees'));
    const leaf = { id: 3, label: 'leaf' };
    const tree = { id: 1, label: 'root', children: [{ id: 2, label: 'mid', children: [leaf], parent: { id: 1, label: 'root' } }] };
    expect(validate([tree])).toBe(true);
    expect(validate([{ ...tree, children: [{ id: 2, label: 'mid', children: [{ id: 'x', label: 'bad' }] }] }])).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe('/0/children/0/children/0/id');
  });

  it('validates a forty-schema ring and an expression tree through oneOf', () => {
    const ajv = createAjv();
    const ring = ajv.compile(jsonSchema(index, 'getRing'));
    let value: Record<string, unknown> = { name: 'end' };
    for (let i = 0; i < 100; i++) value = { name: `n${i}`, next: value };
    expect(ring(value)).toBe(true);
    expect(ring({ name: 'a', next: { name: 'b', next: { name: 7 } } })).toBe(false);
    const expression = ajv.compile(jsonSchema(index, 'evaluate'));
    expect(expression({ op: 'add', left: { literal: 1 }, right: { op: 'mul', left: { literal: 2 }, right: { literal: 3 } } })).toBe(true);
    expect(expression({ op: 'add', left: { literal: 1 }, right: { op: 'pow', left: { literal: 2 }, right: { literal: 3 } } })).toBe(false);
  });

  it('keeps a $ref only where a cycle closes: two in the tree, one in the ring, two in the expression', () => {
    expect(loaded.cyclicRefs).toBe(5); // Tree.parent, Tree.children.items, one `next` of the ring, Expression's left and right
    expect(JSON.stringify(loaded.document.paths['/trees']!.get!.responses['200'])).toContain('"label"');
  });

  it('resolves a request body that only holds a recursive schema (it closes no cycle itself)', async () => {
    const tree = { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } };
    const withBody = await fromObject('x.yaml', {
      openapi: '3.1.0', info: { title: 't', version: '1' },
      paths: { '/nodes': { put: { operationId: 'put', requestBody: { $ref: '#/components/requestBodies/Node' }, responses: { '204': { description: 'none' } } } } },
      components: { schemas: { Node: tree }, requestBodies: { Node: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } },
    });
    const operation = buildOperationIndex(withBody.document).byId('put')!;
    expect(operation.requestBody?.required).toBe(true);
    const validate = compileRequestValidator(operation, createAjv());
    expect(() => validate({ pathParams: {}, query: '', headers: {}, body: { kids: [{ kids: [{ kids: 'no' }] }] } })).toThrow(/\/body\/kids\/0\/kids\/0\/kids/);
  });

  it('validates a request body of a recursive schema through the request validator', () => {
    const validate = compileRequestValidator(index.byId('createTree')!, createAjv());
    const ok = { id: 1, label: 'a', children: [{ id: 2, label: 'b' }] };
    expect(validate({ pathParams: {}, query: '', headers: {}, body: ok }).body).toEqual(ok);
    expect(() => validate({ pathParams: {}, query: '', headers: {}, body: { id: 1, label: 'a', children: [{ id: 2 }] } })).toThrow(/\/body\/children\/0/);
  });
});

const doc = (openapi: string, schema: object) => ({
  openapi,
  info: { title: 't', version: '1' },
  paths: { '/a': { post: { operationId: 'a', requestBody: { content: { 'application/json': { schema } } }, responses: { '204': { description: 'none' } } } } },
});
const bodySchema = async (openapi: string, schema: object) => {
  const { document } = await fromObject('x.yaml', doc(openapi, schema));
  return buildOperationIndex(document).byId('a')!.requestBody!.content['application/json']!.schema as Schema;
};

describe('the bundled Petstore document', () => {
  it('gives ajv every schema as the very same object (nothing rewritten, draft-07)', async () => {
    const { loaded, index } = await petstoreDocument();
    expect(loaded).toMatchObject({ sourceVersion: '3.0', line: '3.0', cyclicRefs: 0, warnings: [] });
    let schemas = 0;
    for (const operation of index.operations) {
      const bodies = [operation.requestBody?.content, ...Object.values(operation.responses).map((r) => r.content)];
      for (const media of bodies.flatMap((content) => Object.values(content ?? {}))) {
        if (!media.schema) continue;
        const prepared = prepareSchema(media.schema);
        expect(prepared.schema).toBe(media.schema);
        expect(prepared.oas31).toBe(false);
        schemas++;
      }
    }
    expect(schemas).toBeGreaterThan(20);
  });
});

describe('schema dialects', () => {
  it('3.0: nullable: true accepts null, and only where it is said', async () => {
    const validate = createAjv().compile(await bodySchema('3.0.3', {
      type: 'object', properties: { a: { type: 'string', nullable: true }, b: { type: 'string' }, c: { nullable: true } },
    }));
    expect(validate({ a: null, b: 'x', c: null })).toBe(true);
    expect(validate({ b: null })).toBe(false);
  });

  it('3.0: draft-04 style exclusiveMinimum: true', async () => {
    const validate = createAjv().compile(await bodySchema('3.0.3', { type: 'integer', minimum: 5, exclusiveMinimum: true }));
    expect(validate(6)).toBe(true);
    expect(validate(5)).toBe(false);
  });

  it('3.1: type arrays, const, examples, prefixItems, numeric exclusiveMinimum (draft 2020-12)', async () => {
    const validate = createAjv().compile(await bodySchema('3.1.0', {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'], examples: ['hi'] },
        kind: { const: 'list' },
        pair: { type: 'array', prefixItems: [{ type: 'integer' }, { type: 'string' }], items: false },
        ref: { type: 'integer', exclusiveMinimum: 0 },
      },
    }));
    expect(validate({ note: null, kind: 'list', pair: [1, 'a'], ref: 1 })).toBe(true);
    expect(validate({ kind: 'page' })).toBe(false);
    expect(validate({ pair: [1, 'a', 'extra'] })).toBe(false);
    expect(validate({ pair: ['a', 1] })).toBe(false);
    expect(validate({ ref: 0 })).toBe(false);
  });

  it('takes vendor x- keywords and formats ajv does not know instead of failing the operation', async () => {
    const validate = createAjv().compile(await bodySchema('3.0.3', {
      type: 'object', 'x-internal': true, properties: { price: { type: 'string', format: 'decimal', 'x-order': 1 }, 'x-name': { type: 'integer' } },
    }));
    expect(validate({ price: '1.50', 'x-name': 2 })).toBe(true);
    expect(validate({ 'x-name': 'two' })).toBe(false);
    // More schemas with the same vendor keyword, on the same instance.
    const again = createAjv();
    for (let i = 0; i < 3; i++) expect(again.compile({ type: 'integer', 'x-order': i })(3)).toBe(true);
  });

  it('reads a pattern written for engines without the u flag, and still throws for one nothing reads', async () => {
    const validate = createAjv().compile(await bodySchema('3.0.3', { type: 'string', pattern: '^[\\w\\-]+$' }));
    expect(validate('a-b_c')).toBe(true);
    expect(validate('a b')).toBe(false);
    expect(() => createAjv().compile({ type: 'string', pattern: '(' })).toThrow(/Invalid regular expression/);
  });

  it('refuses at load a document with a pattern nothing reads, naming its JSON path (ajv threw on every request before)', async () => {
    const load = fromObject('x.yaml', {
      openapi: '3.0.3', info: { title: 't', version: '1' },
      paths: {
        '/bad': { get: { operationId: 'bad', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string', pattern: '(' } } } } } } },
        '/good': { get: { operationId: 'good', parameters: [{ name: 'q', in: 'query', schema: { type: 'string', pattern: '^[\\w\\-]+$' } }], responses: { '204': { description: 'none' } } } },
      },
    });
    await expect(load).rejects.toThrow(/\/paths\/~1bad\/get\/responses\/200\/content\/application~1json\/schema\/pattern: the pattern "\(" is not a regular expression/);
  });

  it('keeps the link of a cyclic $ref through a spread copy', async () => {
    const loaded = await fromObject('x.yaml', {
      ...doc('3.0.3', { $ref: '#/components/schemas/Node' }),
      components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } },
    });
    const schema = buildOperationIndex(loaded.document).byId('a')!.requestBody!.content['application/json']!.schema as Schema;
    const validate = createAjv().compile({ ...schema, description: 'copied' });
    expect(validate({ next: { next: {} } })).toBe(true);
    expect(validate({ next: { next: 3 } })).toBe(false);
  });

  it('still compiles every schema of the real 3.1 documents of the corpus', async () => {
    for (const name of ['resend', 'museum', 'redocly-cafe', 'tictactoe']) {
      const loaded = await loadDocument(`test/fixtures/documents/${name}/openapi.yaml`);
      const ajv = createAjv();
      for (const operation of buildOperationIndex(loaded.document).operations) {
        compileRequestValidator(operation, ajv);
        for (const response of Object.values(operation.responses)) {
          for (const media of Object.values(response.content ?? {})) if (media.schema) ajv.compile(media.schema);
        }
      }
    }
  });
});
