/** What the Dredd hooks read from the document (contracts/dredd-document.cjs, plain CommonJS). */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SPEC_FILE } from '../../helpers/petstore-document.js';

interface DreddDocument {
  loadDocument(file: string): unknown;
  documentedResponse(document: unknown, transaction: object): unknown;
  bodySchema(document: unknown, response: unknown): string | undefined;
  optionalHeaders(document: unknown, response: unknown): string[];
}
const dreddDocument = createRequire(import.meta.url)('../../../contracts/dredd-document.cjs') as DreddDocument;
const document = dreddDocument.loadDocument(SPEC_FILE);

const transaction = (method: string, resourceName: string, statusCode: string) => ({
  origin: { resourceName },
  request: { method },
  expected: { statusCode },
});

describe('Dredd hooks: reading the document', () => {
  it('gives Dredd the JSON Schema of a response body, refs inlined and OpenAPI-only keywords gone', () => {
    const response = dreddDocument.documentedResponse(document, transaction('GET', '/pets', '200'));
    const schema = JSON.parse(dreddDocument.bodySchema(document, response) ?? 'null');
    expect(schema.$schema).toBe('http://json-schema.org/draft-04/schema#');
    expect(schema.type).toBe('array');
    expect(schema.items.required).toEqual(['id', 'name', 'categoryId']);
    expect(schema.items.additionalProperties).toBe(false);
    expect(schema.items.properties.status.enum).toEqual(['available', 'pending', 'sold']);
    expect(schema.items.properties.id).toEqual({ type: 'integer', minimum: 1, maximum: 9007199254740991, description: expect.any(String) });
    expect(JSON.stringify(schema)).not.toMatch(/"\$ref"|"example"|"int64"/);
  });

  it('keeps JSON Schema formats such as date-time', () => {
    const response = dreddDocument.documentedResponse(document, transaction('GET', '/store/orders/{orderId}', '200'));
    const schema = JSON.parse(dreddDocument.bodySchema(document, response) ?? 'null');
    expect(schema.properties.shipDate.format).toBe('date-time');
  });

  it('lists the headers the document does not require', () => {
    const list = dreddDocument.documentedResponse(document, transaction('GET', '/pets', '200'));
    expect(dreddDocument.optionalHeaders(document, list)).toEqual(['Link']);
    const created = dreddDocument.documentedResponse(document, transaction('POST', '/pets', '201'));
    expect(dreddDocument.optionalHeaders(document, created)).toEqual([]);
  });

  it('has nothing for a 204 or an undocumented response', () => {
    const deleted = dreddDocument.documentedResponse(document, transaction('DELETE', '/pets/{petId}', '204'));
    expect(deleted).toBeDefined();
    expect(dreddDocument.bodySchema(document, deleted)).toBeUndefined();
    expect(dreddDocument.documentedResponse(document, transaction('GET', '/nowhere', '200'))).toBeUndefined();
  });
});
