import { describe, expect, it } from 'vitest';
import { createFaker } from '../../../src/generation/create-faker.js';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import { mergeAllOf } from '../../../src/generation/merge-all-of.js';
import type { Schema } from '../../../src/spec/openapi.js';

const typed = (type: unknown) => ({ type }) as unknown as Schema;

describe('mergeAllOf: types of the parts', () => {
  it('intersects 3.1 type arrays as sets (two parts of [string, null] were "different types": 500 on every answer)', () => {
    expect(mergeAllOf({ allOf: [typed(['string', 'null']), typed(['string', 'null'])] } as Schema).type).toEqual(['string', 'null']);
    expect(mergeAllOf({ allOf: [typed(['string', 'null']), typed('string')] } as Schema).type).toBe('string');
    expect(mergeAllOf({ allOf: [typed(['number', 'null']), typed(['integer', 'string'])] } as Schema).type).toBe('integer');
  });

  it('still refuses parts no value satisfies', () => {
    expect(() => mergeAllOf({ allOf: [typed(['string', 'null']), typed(['integer', 'boolean'])] } as Schema)).toThrow(/different types \(string\|null, integer\|boolean\)/);
  });

  it('a value made for such a schema is one of the common types', () => {
    const schema = { type: 'object', required: ['note'], properties: { note: { allOf: [typed(['string', 'null']), { ...typed(['string', 'null']), maxLength: 5 }] } } } as unknown as Schema;
    for (let seed = 1; seed <= 5; seed++) {
      const value = fakeFromSchema(schema, createFaker(seed)) as { note: unknown };
      expect(value.note === null || (typeof value.note === 'string' && value.note.length <= 5), JSON.stringify(value)).toBe(true);
    }
  });
});

describe('mergeAllOf: once per schema object (decision 102)', () => {
  it('gives the same merge for the same schema, so values of a type built on a base by allOf do not merge it again', () => {
    const base = { type: 'object', properties: { id: { type: 'string' } } } as Schema;
    const user = { allOf: [base, { type: 'object', properties: { name: { type: 'string' } } }] } as Schema;
    const first = mergeAllOf(user);
    expect(mergeAllOf(user)).toBe(first);
    expect(Object.keys(first.properties ?? {})).toEqual(['id', 'name']);
    expect(mergeAllOf({ ...user })).not.toBe(first);
  });

  it('does not keep a merge that failed: the same schema fails again', () => {
    const broken = { allOf: [typed('string'), typed('integer')] } as Schema;
    expect(() => mergeAllOf(broken)).toThrow(/different types/);
    expect(() => mergeAllOf(broken)).toThrow(/different types/);
  });
});
