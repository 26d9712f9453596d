import { describe, expect, it } from 'vitest';
import { createFaker } from '../../../src/generation/create-faker.js';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import type { Schema } from '../../../src/spec/openapi.js';
import { createAjv } from '../../../src/validation/create-ajv.js';

/**
 * A wide schema without cycles, the shape of large documents' records (an agent holding child
 * agents holding ...): each level has 8 optional properties of the level below and an array of
 * it. `ref` gives the level below as a `$ref` (for the validator), else inlined (for generation).
 */
function wide(levels: number, ref?: (level: number) => Schema): Schema {
  if (levels === 0) return { type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { type: 'string' } } };
  const below = ref ? ref(levels - 1) : wide(levels - 1);
  const properties: Record<string, Schema> = { id: { type: 'string' }, children: { type: 'array', items: below } };
  for (let i = 0; i < 8; i++) properties[`part${i}`] = below;
  return { type: 'object', required: ['id'], additionalProperties: false, properties };
}

function validator(levels: number) {
  const ref = (level: number) => ({ $ref: `#/definitions/L${level}` }) as Schema;
  const definitions = Object.fromEntries(Array.from({ length: levels + 1 }, (_, level) => [`L${level}`, wide(level, ref)]));
  return createAjv().compile({ definitions, $ref: `#/definitions/L${levels}` });
}

function countValues(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  return 1 + Object.values(value).reduce((sum: number, v) => sum + countValues(v), 0);
}

describe('values for wide schemas', () => {
  it('stay bounded in size with every optional property asked for, and valid: past a budget only what the schema requires is made', () => {
    const schema = wide(4); // filled completely: over 50,000 values
    const validate = validator(4);
    for (let seed = 1; seed <= 5; seed++) {
      const value = fakeFromSchema(schema, createFaker(seed), { optionalRate: 1 });
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      expect(countValues(value)).toBeLessThan(5_000);
    }
  });

  it('leaves a small schema exactly as before: every optional property present', () => {
    const value = fakeFromSchema(wide(1), createFaker(1), { optionalRate: 1 }) as Record<string, unknown>;
    expect(Object.keys(value).sort()).toEqual(['children', 'id', ...Array.from({ length: 8 }, (_, i) => `part${i}`)].sort());
  });
});
