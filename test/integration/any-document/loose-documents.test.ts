import { describe, expect, it } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { notPassed } from '../../helpers/contract-mock.js';
import { useDocumentMock } from '../../helpers/document-mock.js';

// Breaches of OpenAPI that public documents carry and Prism serves anyway (Prism's own Petstore
// fixtures repeat operationIds under /no_auth and give a response header no schema).
const pet = { type: 'object', required: ['name'], properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const one = (description: string) => ({ description, content: { 'application/json': { schema: pet } } });
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Loose', version: '1' },
  paths: {
    '/pets/{petId}': { get: { operationId: 'getPetById', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': one('one') } } },
    '/no_auth/pets/{petId}': { get: { operationId: 'getPetById', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': one('one') } } },
    '/login': { get: { operationId: 'login', responses: { '200': { description: 'token', headers: { 'X-Strange-Header': {} }, content: { 'application/json': { schema: { type: 'string' } } } } } } },
    '/tags/{tag}': { get: { operationId: 'tagged', responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: pet } } } } } } },
  },
};

const served = useDocumentMock('loose.json', DOCUMENT);

describe('a document with a repeated operationId, an undeclared path parameter and a header without schema', () => {
  it('starts and serves every operation, the second getPetById as getPetById2', async () => {
    const operations = (await (await fetch(`${served.mock.url}/__admin/operations`)).json()) as { operationId: string; path: string }[];
    expect(operations.map((o) => `${o.operationId} ${o.path}`)).toEqual(expect.arrayContaining(['getPetById /pets/{petId}', 'getPetById2 /no_auth/pets/{petId}', 'login /login', 'tagged /tags/{tag}']));
    expect((await fetch(`${served.mock.url}/no_auth/pets/1`)).status).not.toBe(500);
    expect((await fetch(`${served.mock.url}/login`)).status).toBe(200);
    const tagged = await fetch(`${served.mock.url}/tags/anything`);
    expect(tagged.status).toBe(200);
    expect(Array.isArray(await tagged.json())).toBe(true);
  });

  it('the runner runs against it with no false alarm', async () => {
    const summary = await runContract({ baseUrl: served.mock.url, spec: served.spec, reporters: [], seed: 3 });
    expect(notPassed(summary)).toEqual([]);
  });
});
