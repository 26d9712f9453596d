import { describe, expect, it } from 'vitest';
import { sampleFromSchema, unknownIdValue } from '../../../src/contract/sample-value.js';
import type { Schema } from '../../../src/spec/openapi.js';

const s = (schema: object) => schema as Schema;

describe('sampleFromSchema on numbers', () => {
  it('steps past an exclusive lower bound, 3.1 (a number) and 3.0 (true beside minimum)', () => {
    expect(sampleFromSchema(s({ type: 'integer', exclusiveMinimum: 1, exclusiveMaximum: 10 }))).toBe(2);
    expect(sampleFromSchema(s({ type: 'integer', minimum: 1, exclusiveMinimum: true }))).toBe(2);
    expect(sampleFromSchema(s({ type: 'number', exclusiveMinimum: 0 }))).toBe(0.5);
    expect(sampleFromSchema(s({ type: 'integer', minimum: 3 }))).toBe(3);
    expect(sampleFromSchema(s({ type: 'integer', exclusiveMaximum: 0 }))).toBe(-1);
    expect(sampleFromSchema(s({ type: 'integer' }))).toBe(1);
  });

  it('an unknown id stays inside an exclusive upper bound', () => {
    expect(unknownIdValue(s({ type: 'integer', exclusiveMaximum: 10 }))).toBe(9);
    expect(unknownIdValue(s({ type: 'integer', maximum: 10, exclusiveMaximum: true }))).toBe(9);
    expect(unknownIdValue(s({ type: 'integer', maximum: 10 }))).toBe(10);
  });
});

describe('sampleFromSchema', () => {
  it('keeps a field one allOf part describes when a later part only requires it (DigitalOcean\'s actions: {type: enum} then {required: [type]})', () => {
    const base: Schema = { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['assign', 'unassign'] } } };
    const assign: Schema = { allOf: [base, { type: 'object', required: ['type', 'droplet_id'], properties: { droplet_id: { type: 'integer' } } }] };
    expect(sampleFromSchema({ anyOf: [{ allOf: [base, { type: 'object', required: ['type'] }] }, assign] })).toEqual({ type: 'assign' });
    expect(sampleFromSchema(assign)).toEqual({ type: 'assign', droplet_id: 1 });
  });

  it('does not throw on parts that cannot be merged (different types): they are sampled one by one', () => {
    expect(() => sampleFromSchema({ allOf: [{ type: 'object', required: ['a'], properties: { a: { type: 'integer' } } }, { type: 'integer' }] })).not.toThrow();
  });
});
