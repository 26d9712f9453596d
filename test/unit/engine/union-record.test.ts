import { describe, expect, it } from 'vitest';
import { inferResources } from '../../../src/spec/resource-model.js';
import { answerOf, recordFromInput } from '../../../src/engine/crud/record-shape.js';
import { branchOf, recordObjectSchema } from '../../../src/spec/union-record.js';
import { createFaker } from '../../../src/generation/create-faker.js';
import type { Document, Schema } from '../../../src/spec/openapi.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';

const json = (schema: object) => ({ 'application/json': { schema } });
const base = {
  type: 'object',
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, photo: { type: 'string', writeOnly: true } },
  required: ['id', 'name'],
};
const drink = { allOf: [{ type: 'object', properties: { kind: { type: 'string', const: 'drink' }, volume: { type: 'number' } }, required: ['kind', 'volume'] }, base] };
const cake = { allOf: [{ type: 'object', properties: { kind: { type: 'string', enum: ['cake'] }, calories: { type: 'number', readOnly: true } }, required: ['kind', 'calories'] }, base] };
const item = { oneOf: [drink, cake], discriminator: { propertyName: 'kind' } };

const operations = buildOperationIndex({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/menu': {
      get: { operationId: 'listMenu', responses: { '200': { description: 'ok', content: json({ type: 'object', properties: { items: { type: 'array', items: item } } }) } } },
      post: { operationId: 'addItem', requestBody: { content: json(item) }, responses: { '201': { description: 'ok', content: json(item) } } },
    },
    '/menu/{itemId}': { delete: { operationId: 'dropItem', parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }], responses: { '204': { description: 'gone' } } } },
  },
} as unknown as Document).operations;

describe('records of several kinds (a oneOf or anyOf of object schemas)', () => {
  const found = inferResources(operations);
  const menu = found.resources[0]!;

  it('makes a resource whose list, create and delete are CRUD, its id the field every branch shares', () => {
    expect(operations.map((o) => found.actionOf(o)?.action)).toEqual(['list', 'create', 'delete']);
    expect([menu.name, menu.idField, menu.idKind]).toEqual(['menu', 'id', 'string']);
    expect(Object.keys(menu.record.properties ?? {}).sort()).toEqual(['id', 'kind', 'name', 'photo']);
    expect([...(menu.record.required ?? [])].sort()).toEqual(['id', 'kind', 'name']); // what every branch requires
  });

  it('is no record schema when a branch is no object', () => {
    expect(recordObjectSchema({ oneOf: [drink, { type: 'string' }] } as Schema)).toBeUndefined();
  });

  it('shapes each record by its own branch: the discriminating value picks it', () => {
    expect(branchOf(menu.record, { kind: 'cake', name: 'x' }).properties).toHaveProperty('calories');
    expect(branchOf(menu.record, { kind: 'drink', name: 'x' }).properties).toHaveProperty('volume');
    expect(branchOf(menu.record, { volume: 3 }).properties).toHaveProperty('volume');
  });

  it('keeps readOnly and writeOnly per branch: a client sets no read-only field, an answer has no write-only one', () => {
    const faker = createFaker(1);
    const stored = recordFromInput(menu.record, { kind: 'cake', name: 'Brownie', calories: 5, photo: 'p' }, undefined, { id: 'm1' }, faker);
    expect(stored).toMatchObject({ id: 'm1', kind: 'cake', name: 'Brownie', photo: 'p' });
    expect(stored.calories).not.toBe(5); // the server's (readOnly in this branch), generated
    expect(typeof stored.calories).toBe('number');
    expect(stored).not.toHaveProperty('volume');
    const answered = answerOf(menu.record, stored, faker);
    expect(answered).toEqual({ id: 'm1', kind: 'cake', name: 'Brownie', calories: stored.calories });
    const drinkStored = recordFromInput(menu.record, { kind: 'drink', name: 'Tea', volume: 250 }, undefined, { id: 'm2' }, faker);
    expect(answerOf(menu.record, drinkStored, faker)).toEqual({ id: 'm2', kind: 'drink', name: 'Tea', volume: 250 });
  });
});
