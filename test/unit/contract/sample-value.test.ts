import { describe, expect, it } from 'vitest';
import { sampleFromSchema } from '../../../src/contract/sample-value.js';
import type { Schema } from '../../../src/spec/openapi.js';

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
