import { beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../src/spec/openapi.js';
import type { OperationIndex } from '../../src/spec/operation-index.js';
import { petstoreDocument } from '../helpers/petstore-document.js';

/**
 * INTERFACE.md section 2, with the operationIds this project chose (docs/decisions/001).
 * [method, path, operationId, tag, stability, success status, success body schema or '' for none]
 */
const TABLE = [
  ['get', '/pets', 'listPets', 'Pets', '', '200', 'Pets'],
  ['post', '/pets', 'createPet', 'Pets', '', '201', 'Pet'],
  ['get', '/pets/{petId}', 'getPetById', 'Pets', 'deprecated', '200', 'Pet'],
  ['put', '/pets/{petId}', 'replacePet', 'Pets', '', '200', 'Pet'],
  ['patch', '/pets/{petId}', 'updatePet', 'Pets', 'beta', '200', 'Pet'],
  ['delete', '/pets/{petId}', 'deletePet', 'Pets', '', '204', ''],
  ['get', '/categories', 'listCategories', 'Pets', 'beta', '200', 'Category[]'],
  ['post', '/categories', 'createCategory', 'Pets', 'beta', '201', 'Category'],
  ['get', '/categories/{categoryId}', 'getCategoryById', 'Pets', 'beta', '200', 'Category'],
  ['put', '/categories/{categoryId}', 'replaceCategory', 'Pets', 'beta', '200', 'Category'],
  ['delete', '/categories/{categoryId}', 'deleteCategory', 'Pets', 'beta', '204', ''],
  ['get', '/store/orders', 'listOrders', 'Store', '', '200', 'Order[]'],
  ['post', '/store/orders', 'placeOrder', 'Store', '', '201', 'Order'],
  ['get', '/store/orders/{orderId}', 'getOrderById', 'Store', '', '200', 'Order'],
  ['patch', '/store/orders/{orderId}', 'updateOrder', 'Store', 'beta', '200', 'Order'],
  ['delete', '/store/orders/{orderId}', 'deleteOrder', 'Store', '', '204', ''],
  ['get', '/store/inventory', 'listInventory', 'Store', '', '200', 'InventoryItem[]'],
  ['get', '/store/inventory/{petId}', 'getInventoryItem', 'Store', '', '200', 'InventoryItem'],
  ['put', '/store/inventory/{petId}', 'setInventory', 'Store', 'experimental', '200', 'InventoryItem'],
] as const;

/** Request bodies of INTERFACE.md section 2 ("body NewPet" etc.) and the creates. */
const REQUEST_BODIES: Record<string, string> = {
  createPet: 'NewPet',
  replacePet: 'NewPet',
  updatePet: 'PetUpdate',
  createCategory: 'NewCategory',
  replaceCategory: 'NewCategory',
  placeOrder: 'NewOrder',
  updateOrder: 'OrderUpdate',
  setInventory: 'InventoryUpdate',
};

let source: Document;
let index: OperationIndex;
beforeAll(async () => {
  const doc = await petstoreDocument();
  source = doc.loaded.source;
  index = doc.index;
});

/** Names the schema a raw (not dereferenced) schema object refers to: `Pet`, `Category[]`. */
function schemaName(schema: unknown): string {
  const s = schema as { $ref?: string; type?: string; items?: unknown };
  if (s.$ref) return s.$ref.replace('#/components/schemas/', '');
  if (s.type === 'array') return `${schemaName(s.items)}[]`;
  return JSON.stringify(schema);
}

function rawOperation(method: string, path: string) {
  return (source.paths[path] as Record<string, any>)[method];
}

describe('the operations of INTERFACE.md section 2', () => {
  it('are exactly the 19 of the table, no more and no fewer', () => {
    const actual = index.operations.map((o) => `${o.method} ${o.path} ${o.operationId}`).sort();
    const expected = TABLE.map(([m, p, id]) => `${m} ${p} ${id}`).sort();
    expect(actual).toEqual(expected);
  });

  it.each(TABLE)('%s %s is %s with its tag and stability', (method, path, operationId, tag, stability) => {
    const op = index.byId(operationId);
    expect(op, `${operationId} missing`).toBeDefined();
    expect(op!.method).toBe(method);
    expect(op!.path).toBe(path);
    expect(op!.tags).toEqual([tag]);
    expect(op!.summary.length).toBeGreaterThan(0);
    expect(rawOperation(method, path).description?.length ?? 0).toBeGreaterThan(0);
    expect(op!.deprecated).toBe(stability === 'deprecated');
    expect(op!.stability ?? '').toBe(stability === 'deprecated' ? '' : stability);
  });

  it.each(TABLE)('%s %s answers %s with its success status and body', (method, path, _id, _t, _s, status, body) => {
    const responses = rawOperation(method, path).responses as Record<string, any>;
    const successes = Object.keys(responses).filter((s) => s.startsWith('2'));
    expect(successes).toEqual([status]);
    const content = responses[status].content;
    if (body === '') expect(content).toBeUndefined();
    else expect(schemaName(content['application/json'].schema)).toBe(body);
  });

  it('take the request bodies the table names, required and JSON only', () => {
    for (const op of index.operations) {
      const raw = rawOperation(op.method, op.path);
      const expected = REQUEST_BODIES[op.operationId];
      if (!expected) {
        expect(raw.requestBody, `${op.operationId} takes no body`).toBeUndefined();
        continue;
      }
      expect(raw.requestBody.required, op.operationId).toBe(true);
      expect(Object.keys(raw.requestBody.content)).toEqual(['application/json']);
      expect(schemaName(raw.requestBody.content['application/json'].schema)).toBe(expected);
    }
  });

  it('marks GET /pets/{petId} deprecated with the sunset of section 3', () => {
    const op = index.byId('getPetById')!;
    expect(op.deprecated).toBe(true);
    expect(op.sunset).toBe('2027-06-30T23:59:59Z');
    // Deprecation: @1767225600 (RFC 9745) and the successor Link of section 3 come from these.
    expect(Date.parse(op.deprecatedAt!) / 1000).toBe(1767225600);
    expect(op.successor).toBe('/pets?id={petId}');
    expect(index.operations.filter((o) => o.deprecated).map((o) => o.operationId)).toEqual(['getPetById']);
  });

  it('requires ApiKeyAuth (X-API-Key header) on every operation', () => {
    expect(source.components?.securitySchemes?.ApiKeyAuth).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
    );
    for (const op of index.operations) expect(op.security, op.operationId).toEqual([{ ApiKeyAuth: [] }]);
  });

  it('is OpenAPI 3.0.3, version 1.0.0, tags Pets and Store, served at 127.0.0.1:4010', () => {
    expect(source.openapi).toBe('3.0.3');
    expect(source.info.version).toBe('1.0.0');
    expect(source.tags?.map((t) => t.name)).toEqual(['Pets', 'Store']);
    expect(source.servers?.[0]?.url).toBe('http://127.0.0.1:4010');
  });
});
