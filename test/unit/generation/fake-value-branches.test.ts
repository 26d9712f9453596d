/**
 * A oneOf/anyOf branch that contradicts its siblings holds no value: the generator chooses among
 * the branches that hold (an array's `anyOf: [{type: 'null'}, {minItems: 1}]`). vercel.com's
 * document (3.1) writes `type: 'null'` beside `oneOf: [string, number]`, where none holds; it stopped the mock at start with
 * "unexpected error: allOf parts have different types (null, array)" (stop 32's unseen sweep).
 * Where no branch holds, no value is valid: one branch alone is served and start-up says so.
 */
import { Faker, base, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import { checkGenerationBounds } from '../../../src/generation/generation-limits.js';
import type { Schema } from '../../../src/spec/openapi.js';

describe('a branch that cannot hold beside its siblings', () => {
  it('is never chosen while another branch holds, for every seed', () => {
    const schema = { type: 'array', items: { type: 'string' }, anyOf: [{ type: 'null' }, { minItems: 1 }] } as unknown as Schema;
    for (let seed = 0; seed < 50; seed++) {
      const faker = new Faker({ locale: [en, base] });
      faker.seed(seed);
      const value = fakeFromSchema(schema, faker);
      expect(Array.isArray(value)).toBe(true);
      expect((value as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('serves one branch alone where none holds beside the type, and start-up names the schema', () => {
    // vercel.com: `type: 'null'` beside `oneOf: [string, number]` (a converter's nullable union): no value is valid.
    const schema = { type: 'null', oneOf: [{ type: 'string' }, { type: 'number' }] } as unknown as Schema;
    for (let seed = 0; seed < 20; seed++) {
      const faker = new Faker({ locale: [en, base] });
      faker.seed(seed);
      expect(['string', 'number']).toContain(typeof fakeFromSchema(schema, faker));
    }
    const document = { openapi: '3.1.0', components: { schemas: { Alias: schema, Fine: { type: 'array', anyOf: [{ type: 'null' }, { minItems: 1 }] } } } };
    expect(checkGenerationBounds('vercel.json', document)).toEqual([
      '/components/schemas/Alias: no branch of its oneOf holds beside its type "null", so no value is valid: answers carry a value of one branch alone',
    ]);
  });
});
