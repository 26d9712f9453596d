import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbitraryFor } from '../../../../src/contract/phases/schema-arbitrary.js';
import { createAjv } from '../../../../src/validation/create-ajv.js';
import type { Schema } from '../../../../src/spec/openapi.js';

/** Every value the arbitrary makes (seeded) must validate against the schema: "valid" inputs that are not were trial classes 11, 13, 14, 16. */
function allValid(schema: object): unknown[] {
  const validate = createAjv().compile(schema);
  const bad: unknown[] = [];
  fc.assert(fc.property(arbitraryFor(schema as Schema), (value) => void (validate(value) || bad.push(value))), { seed: 1, numRuns: 60 });
  return bad;
}

describe('values the runner sends as valid', () => {
  it('keeps required and properties written beside allOf and oneOf (Front: CreateContact, AnalyticsExportRequest)', () => {
    const beside = { type: 'object', required: ['handles'], properties: { handles: { type: 'array', minItems: 1, items: { type: 'string' } } }, allOf: [{ type: 'object', properties: { name: { type: 'string' } } }] };
    expect(allValid(beside)).toEqual([]);
    const branches = { type: 'object', required: ['start', 'end'], properties: { start: { type: 'integer' }, end: { type: 'integer' } }, oneOf: [{ type: 'object', properties: { kind: { type: 'string', enum: ['a'] } } }] };
    expect(allValid(branches)).toEqual([]);
  });

  it('makes a string of its format for a 3.1 type list with null, never {} (Lago: logo, purchase_order_number)', () => {
    expect(allValid({ type: 'object', required: ['logo', 'count'], properties: { logo: { type: ['string', 'null'], format: 'uuid' }, count: { type: ['integer', 'null'] } } })).toEqual([]);
  });

  it('puts no null item in a deep array whose items are objects (Sonarr: specifications: [null])', () => {
    const deep = { type: 'array', items: { type: 'object', properties: { formats: { type: 'array', items: { type: 'object', properties: { specs: { type: 'array', nullable: true, items: { type: 'object', properties: { n: { type: 'string' } } } } } } } } } };
    expect(allValid(deep)).toEqual([]);
  });
});
