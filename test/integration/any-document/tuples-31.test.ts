import { describe, expect, it } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { notPassed } from '../../helpers/contract-mock.js';
import { useDocumentMock } from '../../helpers/document-mock.js';

// JSON Schema 2020-12 tuples in an OpenAPI 3.1 document: `prefixItems` with `items: false`.
const point = { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string', enum: ['N', 'S'] }], items: false, minItems: 2 };
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Tuples', version: '1' },
  paths: {
    '/points': {
      post: {
        operationId: 'addPoint',
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['at'], properties: { at: point } } } } },
        responses: { '201': { description: 'made' }, '400': { description: 'bad' } },
      },
    },
    '/origin': { get: { operationId: 'origin', responses: { '200': { description: 'one', content: { 'application/json': { schema: point } } } } } },
  },
};

const served = useDocumentMock('tuples.json', DOCUMENT);

describe('prefixItems tuples (OpenAPI 3.1)', () => {
  it('the mock generates an answer item by item, and no more items than the tuple has', async () => {
    for (let i = 0; i < 5; i++) {
      const value = (await (await fetch(`${served.mock.url}/origin`)).json()) as unknown[];
      expect(value).toHaveLength(2);
      expect(typeof value[0]).toBe('number');
      expect(['N', 'S']).toContain(value[1]);
    }
  });

  it('the runner sends tuples item by item and passes the mock with no false alarm', async () => {
    const summary = await runContract({ baseUrl: served.mock.url, spec: served.spec, reporters: [], seed: 4 });
    expect(notPassed(summary)).toEqual([]);
  });
});
