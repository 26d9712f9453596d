import { describe, expect, it } from 'vitest';
import type { Operation } from '../../../src/spec/operation-index.js';
import { isCheckedTarget, referenceTarget, unknownReferenceStatus, type ReferenceTarget } from '../../../src/spec/record-references.js';

const pets: ReferenceTarget = { collectionPath: '/pet', itemParam: 'petId', idType: 'integer' };
const contacts: ReferenceTarget = { collectionPath: '/contacts', itemParam: 'id', idType: 'string' };
const people: ReferenceTarget = { collectionPath: '/people', itemParam: 'personId', idType: 'string' };
const categories: ReferenceTarget = { collectionPath: '/categories', itemParam: 'id', idType: 'integer' };
const things: ReferenceTarget = { collectionPath: '/owners/{ownerId}/things', itemParam: 'thingId', idType: 'integer' };
const targets = [pets, contacts, people, categories, things];
const find = (name: string, schema?: object) => referenceTarget(name, targets, (t) => t, schema);

describe('references between records (the rule the mock and the runner share)', () => {
  it('takes a field named like a resource id parameter, or like its collection (singular or plural) + Id/_id', () => {
    expect(find('petId')).toBe(pets);
    expect(find('contact_id')).toBe(contacts);
    expect(find('contactsId')).toBe(contacts);
    expect(find('personID')).toBe(people);
    expect(find('categoryId')).toBe(categories);
    expect(find('thingId')).toBe(things);
  });

  it('takes no field whose name does not say it holds an id, nor one naming no resource', () => {
    for (const name of ['id', 'name', 'Id', 'petIds', 'ownerName', 'orderId', 'valid']) expect(find(name), name).toBeUndefined();
  });

  it('takes a body field only when its type holds the resource ids', () => {
    expect(find('petId', { type: 'integer', format: 'int64' })).toBe(pets);
    expect(find('petId', { type: 'number' })).toBe(pets);
    expect(find('petId', { type: 'string' })).toBeUndefined();
    expect(find('contact_id', { type: 'string', format: 'uuid' })).toBe(contacts);
    expect(find('contact_id', { type: 'integer' })).toBeUndefined();
    expect(find('petId', {})).toBeUndefined();
  });

  it("takes no field of a body sent to the target's own paths: it is the record's own id, or its parent's", () => {
    expect(referenceTarget('petId', targets, (t) => t, { type: 'integer' }, '/pet')).toBeUndefined();
    expect(referenceTarget('petId', targets, (t) => t, { type: 'integer' }, '/pet/{petId}')).toBeUndefined();
    expect(referenceTarget('petId', targets, (t) => t, { type: 'integer' }, '/pet/{petId}/visits')).toBeUndefined();
    expect(referenceTarget('petId', targets, (t) => t, { type: 'integer' }, '/store/order')).toBe(pets);
    expect(referenceTarget('petId', targets, (t) => t, { type: 'integer' }, '/petting')).toBe(pets);
  });

  it('takes none when two resources match the name', () => {
    const twice = [pets, { collectionPath: '/pets', itemParam: 'id', idType: 'integer' as const }];
    expect(referenceTarget('pet_id', twice, (t) => t)).toBeUndefined();
  });

  it('checks references to top-level resources only', () => {
    expect(isCheckedTarget(pets)).toBe(true);
    expect(isCheckedTarget(things)).toBe(false);
  });

  it('answers an unknown reference 422 where documented, else 404, else 400, else leaves it unchecked', () => {
    const op = (...codes: string[]) => ({ responses: Object.fromEntries(codes.map((c) => [c, { description: c }])) }) as unknown as Operation;
    expect(unknownReferenceStatus(op('200', '400', '422', 'default'))).toBe(422);
    expect(unknownReferenceStatus(op('201', '400', '404'))).toBe(404);
    expect(unknownReferenceStatus(op('201', '400'))).toBe(400);
    expect(unknownReferenceStatus(op('201', '4XX', 'default'))).toBeUndefined();
  });
});
