import { describe, expect, it } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { notPassed } from '../../helpers/contract-mock.js';
import { useDocumentMock } from '../../helpers/document-mock.js';

// The shape of the Swagger 2.0 Petstore: every answer in JSON and XML (`produces`), an XML name on
// the schema, and a required array query parameter with no example.
const pet = { type: 'object', required: ['name'], xml: { name: 'Pet' }, properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const both = (schema: object) => ({ 'application/json': { schema }, 'application/xml': { schema } });
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Both', version: '1' },
  paths: {
    '/pets': {
      get: { operationId: 'listPets', responses: { '200': { description: 'all', content: both({ type: 'array', items: pet }) } } },
      post: { operationId: 'addPet', requestBody: { content: { 'application/json': { schema: pet } } }, responses: { '201': { description: 'made', content: both(pet) } } },
    },
    '/pets/{petId}': { get: { operationId: 'getPet', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': { description: 'one', content: both(pet) }, '404': { description: 'none' } } } },
    '/pets/findByStatus': {
      get: {
        operationId: 'findByStatus',
        parameters: [{ name: 'status', in: 'query', required: true, explode: true, schema: { type: 'array', items: { type: 'string', enum: ['available', 'sold'] } } }],
        responses: { '200': { description: 'found', content: { ...both({ type: 'array', items: pet }), 'application/json': { schema: { type: 'array', items: pet }, example: [{ id: 7, name: 'Rex' }] } } } },
      },
    },
  },
};

const served = useDocumentMock('both.json', DOCUMENT);

describe('Accept chooses among the media types the document gives', () => {
  it('a stored record read with Accept: application/xml answers XML named by the schema', async () => {
    const res = await fetch(`${served.mock.url}/pets/1`, { headers: { accept: 'application/xml' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await res.text()).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Pet><id>1<\/id><name>[^<]+<\/name><\/Pet>$/);
  });

  it('JSON without Accept, with */*, with JSON preferred by q, and with a type not documented', async () => {
    for (const accept of [undefined, '*/*', 'application/xml;q=0.5, application/json', 'text/html']) {
      const res = await fetch(`${served.mock.url}/pets/1`, { headers: accept ? { accept } : {} });
      expect(res.headers.get('content-type'), String(accept)).toMatch(/^application\/json/);
      expect(((await res.json()) as { id: number }).id).toBe(1);
    }
  });

  it('an example answer in XML is the documented JSON example encoded', async () => {
    const res = await fetch(`${served.mock.url}/pets/findByStatus?status=sold`, { headers: { accept: 'application/xml' } });
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await res.text()).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<root><Pet><id>7</id><name>Rex</name></Pet></root>');
  });

  it('the runner fills a required array query parameter and passes the mock with no false alarm', async () => {
    const summary = await runContract({ baseUrl: served.mock.url, spec: served.spec, reporters: [], seed: 5 });
    expect(notPassed(summary)).toEqual([]);
  });
});
