import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/core/errors.js';
import type { Parameter } from '../../../src/spec/openapi.js';
import type { OperationIndex } from '../../../src/spec/operation-index.js';
import { createAjv } from '../../../src/validation/create-ajv.js';
import { compileRequestValidator, type RawRequestParts, type RequestValidator } from '../../../src/validation/request-validator.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

let index: OperationIndex;
const validators = new Map<string, RequestValidator>();
beforeAll(async () => {
  index = (await petstoreDocument()).index;
  const ajv = createAjv();
  for (const op of index.operations) validators.set(op.operationId, compileRequestValidator(op, ajv));
});

const parts = (p: Partial<RawRequestParts>): RawRequestParts => ({ pathParams: {}, query: '', headers: {}, body: undefined, ...p });
function failure(id: string, p: Partial<RawRequestParts>): ApiError {
  try {
    validators.get(id)!(parts(p));
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected a validation error');
}

describe('request validation', () => {
  it('converts path ids and query values by their schema type and applies defaults', () => {
    expect(validators.get('getPetById')!(parts({ pathParams: { petId: '42' } })).path).toEqual({ petId: 42 });
    const listed = validators.get('listPets')!(parts({ query: 'status=available&status=sold&id=3&categoryId=2&name=re&cachebust=1' }));
    expect(listed.query).toEqual({ status: ['available', 'sold'], id: [3], categoryId: 2, name: 're', limit: 20, offset: 0 });
    expect(validators.get('listOrders')!(parts({ query: 'complete=false&limit=5' })).query).toEqual({ complete: false, limit: 5, offset: 0 });
  });

  it.each([
    ['abc', 'must be an integer'],
    ['0', 'must be >= 1'],
    ['1.5', 'must be an integer'],
    ['-3', 'must be >= 1'],
    ['99999999999999999999', 'must be <= 9007199254740991'],
  ])('refuses the path id %s: %s', (id, message) => {
    const error = failure('getPetById', { pathParams: { petId: id } });
    expect(error.code).toBe('validation_failed');
    expect(error.details).toContainEqual({ path: '/path/petId', message });
  });

  it.each([
    ['limit=0', '/query/limit'],
    ['limit=101', '/query/limit'],
    ['offset=-1', '/query/offset'],
    ['status=lost', '/query/status/0'],
    ['limit=1&limit=2', '/query/limit'],
  ])('refuses the query %s at %s', (query, path) => {
    expect(failure('listPets', { query }).details?.map((d) => d.path)).toContain(path);
  });

  it('names each body problem with its JSON pointer and a readable message', () => {
    const error = failure('createPet', { body: { name: '', categoryId: 'one', colour: 'brown', status: 'lost' } });
    expect(error.details).toEqual(expect.arrayContaining([
      { path: '/body/name', message: 'must NOT have fewer than 1 characters' },
      { path: '/body/categoryId', message: 'must be an integer' },
      { path: '/body/colour', message: 'is not a field of this request (unknown fields are rejected)' },
      { path: '/body/status', message: 'must be one of: "available", "pending", "sold"' },
    ]));
    expect(failure('createPet', { body: { categoryId: 1 } }).details).toEqual([{ path: '/body/name', message: 'is required' }]);
    expect(failure('placeOrder', { body: { petId: 1, quantity: 1, shipDate: 'tomorrow' } }).details?.[0]?.path).toBe('/body/shipDate');
  });

  it('requires the body of an operation that takes one', () => {
    expect(failure('setInventory', { pathParams: { petId: '1' } }).details).toEqual([{ path: '/body', message: 'a JSON request body is required' }]);
  });

  it('refuses a __proto__ field as an unknown field (nothing is merged into a prototype)', () => {
    const body = JSON.parse('{"name":"Rex","categoryId":1,"__proto__":{"polluted":true}}');
    expect(failure('createPet', { body }).details?.[0]?.path).toBe('/body/__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('header parameters OpenAPI says to ignore', () => {
  it('does not require a header parameter named Content-Type, Accept or Authorization (VTEX writes them on a DELETE)', () => {
    const header = (name: string): Parameter => ({ name, in: 'header', required: true, schema: { type: 'string' } });
    const petId: Parameter = { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } };
    const operation = { ...index.byId('getPetById')!, parameters: [petId, header('Content-Type'), header('Accept'), header('authorization'), header('X-Trace')] };
    const validate = compileRequestValidator(operation, createAjv());
    // Before: "/header/Content-Type is required" (and Accept, authorization) on a request without a body.
    let error: ApiError | undefined;
    try {
      validate(parts({ pathParams: { petId: '1' } }));
    } catch (e) {
      error = e as ApiError;
    }
    expect(error?.details).toEqual([{ path: '/header/X-Trace', message: 'is required' }]);
    expect(validate(parts({ pathParams: { petId: '1' }, headers: { 'x-trace': 't' } })).path).toEqual({ petId: 1 });
  });
});
