import { beforeAll, describe, expect, it } from 'vitest';
import type { Document, Schema } from '../../src/spec/openapi.js';
import { petstoreDocument } from '../helpers/petstore-document.js';

let schemas: Record<string, Schema>;
let source: Document;
beforeAll(async () => {
  const { loaded } = await petstoreDocument();
  schemas = loaded.document.components!.schemas as Record<string, Schema>;
  source = loaded.source;
});

const prop = (schema: string, field: string) => (schemas[schema]!.properties as Record<string, Schema>)[field]!;

describe('components.schemas', () => {
  it('has every seed schema and the three extra payloads', () => {
    for (const name of ['PetStatus', 'NewPet', 'Pet', 'Pets', 'NewCategory', 'Category', 'Order', 'InventoryItem',
      'InventoryUpdate', 'Error', 'NewOrder', 'OrderUpdate', 'PetUpdate']) {
      expect(schemas[name], name).toBeDefined();
    }
  });

  it.each([
    ['PetStatus', undefined, ['available', 'pending', 'sold']],
  ])('%s is the seed enumeration', (name, _f, values) => {
    expect(schemas[name]!.enum).toEqual(values);
  });

  it.each([
    ['NewPet', ['name', 'categoryId'], ['name', 'categoryId', 'status']],
    ['Pet', ['id', 'name', 'categoryId'], ['id', 'name', 'categoryId', 'status']],
    ['NewCategory', ['name'], ['name', 'description']],
    ['Category', ['id', 'name'], ['id', 'name', 'description']],
    ['Order', undefined, ['id', 'petId', 'quantity', 'shipDate', 'complete']],
    ['InventoryItem', ['petId', 'quantity', 'status'], ['petId', 'quantity', 'status']],
    ['InventoryUpdate', ['quantity'], ['quantity']],
    ['Error', ['code', 'message', 'status'], ['code', 'message', 'status', 'details']],
    ['NewOrder', ['petId', 'quantity'], ['petId', 'quantity', 'shipDate']],
    ['OrderUpdate', ['complete'], ['complete']],
    ['PetUpdate', undefined, ['name', 'categoryId', 'status']],
  ])('%s requires %j and has the fields %j', (name, required, fields) => {
    expect(schemas[name]!.required).toEqual(required);
    expect(Object.keys(schemas[name]!.properties!)).toEqual(fields);
  });

  it('closes every object schema: an unknown field is rejected (request payloads) or reported (responses)', () => {
    for (const name of ['NewPet', 'PetUpdate', 'NewCategory', 'NewOrder', 'OrderUpdate', 'InventoryUpdate',
      'Pet', 'Category', 'Order', 'InventoryItem', 'Error']) {
      expect(schemas[name]!.additionalProperties, name).toBe(false);
    }
  });

  it.each([
    ['NewPet', 'name', { type: 'string', minLength: 1, maxLength: 100 }],
    ['Pet', 'name', { type: 'string', minLength: 1, maxLength: 100 }],
    ['PetUpdate', 'name', { type: 'string', minLength: 1, maxLength: 100 }],
    ['NewCategory', 'name', { type: 'string', minLength: 1, maxLength: 100 }],
    ['Category', 'name', { type: 'string', minLength: 1, maxLength: 100 }],
    ['NewCategory', 'description', { type: 'string', minLength: 0, maxLength: 500 }],
    ['Category', 'description', { type: 'string', minLength: 0, maxLength: 500 }],
    ['Order', 'quantity', { type: 'integer', minimum: 1, maximum: 1000 }],
    ['NewOrder', 'quantity', { type: 'integer', minimum: 1, maximum: 1000 }],
    ['InventoryItem', 'quantity', { type: 'integer', minimum: 0, maximum: 1000000 }],
    ['InventoryUpdate', 'quantity', { type: 'integer', minimum: 0, maximum: 1000000 }],
    ['Order', 'shipDate', { type: 'string', format: 'date-time' }],
    ['NewOrder', 'shipDate', { type: 'string', format: 'date-time' }],
    ['Order', 'complete', { type: 'boolean' }],
    ['Error', 'status', { type: 'integer' }],
    ['Error', 'code', { type: 'string' }],
    ['Error', 'message', { type: 'string' }],
  ])('%s.%s has the bounds of INTERFACE.md section 1: %j', (schema, field, bounds) => {
    expect(prop(schema, field)).toMatchObject(bounds);
  });

  it('makes every id int64 with minimum 1', () => {
    const ids: [string, string][] = [['Pet', 'id'], ['Pet', 'categoryId'], ['NewPet', 'categoryId'], ['PetUpdate', 'categoryId'],
      ['Category', 'id'], ['Order', 'id'], ['Order', 'petId'], ['NewOrder', 'petId'], ['InventoryItem', 'petId']];
    for (const [schema, field] of ids) {
      expect(prop(schema, field), `${schema}.${field}`).toMatchObject({ type: 'integer', format: 'int64', minimum: 1 });
    }
  });

  it('gives every path id parameter the Id schema and an example (Dredd needs one)', () => {
    const params = source.components!.parameters as Record<string, any>;
    for (const name of ['PetId', 'CategoryId', 'OrderId']) {
      expect(params[name].in).toBe('path');
      expect(params[name].schema).toEqual({ $ref: '#/components/schemas/Id' });
      expect(params[name].example).toBeGreaterThanOrEqual(1);
    }
  });

  it('pages lists with limit 1..100 (default 20) and offset >= 0 (default 0)', () => {
    const params = source.components!.parameters as Record<string, any>;
    expect(params.Limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(params.Offset.schema).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
  });

  it('makes the repeatable filters (status, id) arrays in form style, exploded', () => {
    const params = source.components!.parameters as Record<string, any>;
    for (const name of ['PetStatusFilter', 'PetIdFilter']) {
      expect(params[name]).toMatchObject({ in: 'query', style: 'form', explode: true, schema: { type: 'array' } });
    }
  });
});
