import { describe, expect, it } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { notPassed } from '../../helpers/contract-mock.js';
import { useDocumentMock } from '../../helpers/document-mock.js';

// The shape swagger-core writes for OpenAPI 3.1 (swagger-api/swagger-petstore, branch v31): schemas
// named by `$id` and `$anchor` and referred to by those names, a `$vocabulary` string, a record
// schema without `type: object`, and an id parameter bounded by exclusive 3.1 bounds.
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Ids', version: '1' },
  paths: {
    '/pet': {
      post: {
        operationId: 'addPet',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
        responses: { '200': { description: 'made', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, '400': { description: 'bad' } },
      },
    },
    '/pet/{petId}': {
      get: {
        operationId: 'getPetById',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 1000 } }],
        responses: { '200': { description: 'one', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } }, '400': { description: 'bad' }, '404': { description: 'none' } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        required: ['name'],
        properties: {
          id: { type: 'integer', readOnly: true },
          name: { type: 'string' },
          detailsId: { $ref: '/api/components/schemas/details#details_id' },
          details: { $ref: '/api/components/schemas/details' },
        },
      },
      Details: {
        $id: '/api/components/schemas/details',
        $vocabulary: 'https://spec.openapis.org/oas/3.1/schema-base',
        type: 'object',
        properties: { id: { $anchor: 'details_id', type: 'integer', minimum: 100 }, note: { type: 'string' } },
      },
    },
  },
};

const served = useDocumentMock('ids.json', DOCUMENT);

describe('an OpenAPI 3.1 document whose $refs name schemas by $id and $anchor', () => {
  it('loads, and validates a body against the schema the $id and the $anchor name', async () => {
    const post = (body: object) => fetch(`${served.mock.url}/pet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const made = await post({ name: 'Rex', detailsId: 100, details: { note: 'calm' } });
    expect(made.status).toBe(200);
    expect(((await made.json()) as { name: string }).name).toBe('Rex');
    expect((await post({ name: 'Rex', detailsId: 99 })).status).toBe(400);
    expect((await post({ name: 'Rex', details: { note: 5 } })).status).toBe(400);
  });

  it('makes ids inside the id parameter\'s bounds, so what it seeds and creates reads back', async () => {
    const made = (await (await fetch(`${served.mock.url}/pet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Tom"}' })).json()) as { id: number };
    expect(made.id).toBeGreaterThan(1);
    expect(made.id).toBeLessThan(1000);
    expect((await fetch(`${served.mock.url}/pet/${made.id}`)).status).toBe(200);
    expect((await fetch(`${served.mock.url}/pet/2`)).status).toBe(200);
  });

  it('the runner passes the mock with no false alarm (no array-body refusal the schema does not imply)', async () => {
    const summary = await runContract({ baseUrl: served.mock.url, spec: served.spec, reporters: [], seed: 2 });
    expect(notPassed(summary)).toEqual([]);
  });
});
