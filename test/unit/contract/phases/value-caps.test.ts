import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Schema } from '../../../../src/spec/openapi.js';
import { boundaryValues } from '../../../../src/contract/phases/boundary-values.js';
import { arbitraryFor } from '../../../../src/contract/phases/schema-arbitrary.js';
import { invalidParameterValue, sampleFromSchema } from '../../../../src/contract/sample-value.js';
import { MAX_BUILT_ITEMS, MAX_BUILT_LENGTH } from '../../../../src/contract/value-caps.js';

const labels = (schema: Schema) => boundaryValues(schema).map((v) => v.label);

describe('values built for huge bounds stay small', () => {
  it('leaves out of the boundary phase a length or item bound past the caps, and keeps the others', () => {
    // A bound past the caps gets no value on it; the short Unicode phrases fit any maximum (deeper generation, decision 069).
    expect(labels({ type: 'string', maxLength: 2_147_483_647 })).toEqual(['text:unicode', 'text:metacharacters', 'wrong-type']);
    expect(labels({ type: 'string', minLength: 100_000_000 })).toEqual(['wrong-type']);
    expect(labels({ type: 'array', maxItems: 2_147_483_647, items: { type: 'integer' } })).toEqual(['wrong-type']);
    expect(labels({ type: 'array', minItems: 100_000_000, items: { type: 'string' } })).toEqual(['wrong-type']);
    expect(labels({ type: 'string', minLength: 2, maxLength: 100 })).toEqual(['minLength', 'minLength-1', 'maxLength', 'maxLength+1', 'maxLength:astral', 'text:unicode', 'text:metacharacters', 'wrong-type']);
    expect(labels({ type: 'array', minItems: 1, maxItems: 500, items: { type: 'integer' } })).toEqual(['minItems', 'minItems-1', 'maxItems', 'maxItems+1', 'wrong-type']);
  });

  it('cuts a sample value to the caps', () => {
    expect((sampleFromSchema({ type: 'string', minLength: 100_000_000 }) as string).length).toBe(MAX_BUILT_LENGTH);
    expect((sampleFromSchema({ type: 'array', minItems: 2_147_483_647, items: { type: 'integer' } }) as unknown[]).length).toBe(MAX_BUILT_ITEMS);
    expect(invalidParameterValue({ type: 'string', maxLength: 2_147_483_647 })).toBeUndefined();
    expect(invalidParameterValue({ type: 'string', maxLength: 3 })).toBe('xxxx');
  });

  it('generates fuzz inputs no longer than the caps', () => {
    const values = fc.sample(arbitraryFor({ type: 'object', required: ['s', 'a'], properties: { s: { type: 'string', minLength: 100_000_000 }, a: { type: 'array', minItems: 100_000_000, items: { type: 'integer' } } } } as Schema), { numRuns: 3, seed: 1 }) as { s: string; a: unknown[] }[];
    for (const value of values) {
      // Counted in code points, as JSON Schema counts a length (an emoji is one character, two UTF-16 units).
      expect([...value.s].length).toBeLessThanOrEqual(MAX_BUILT_LENGTH);
      expect(value.a.length).toBeLessThanOrEqual(MAX_BUILT_ITEMS);
    }
  });
});
