import { Faker, base, en } from '@faker-js/faker';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import type { Document, Response, Schema } from '../../../src/spec/openapi.js';
import { createAjv } from '../../../src/validation/create-ajv.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';
import { documentSchemas } from './document-schemas.js';

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  return faker;
}

let document: Document;
let compiled: [string, Schema, ValidateFunction][];
beforeAll(async () => {
  document = (await petstoreDocument()).loaded.document;
  const ajv = createAjv();
  compiled = documentSchemas(document).map(([where, schema]) => [where, schema, ajv.compile(schema)]);
});

function errorSchema(response: string): Schema {
  return (document.components!.responses![response] as Response).content!['application/json']!.schema as Schema;
}

describe('fakeFromSchema over the document', () => {
  it('covers every component schema and every response body of every operation', () => {
    const where = compiled.map(([w]) => w);
    for (const name of Object.keys(document.components!.schemas!)) expect(where).toContain(`#/components/schemas/${name}`);
    // Error responses are shared components: each appears once, under the first operation using it.
    const bodies = where.filter((w) => / \d{3} application\/json$/.test(w));
    expect(bodies.length).toBeGreaterThan(10);
  });

  it('makes values the document’s own schemas accept, for any seed and optional rate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(0, 0.5, 1), (seed, optionalRate) => {
        const faker = seeded(seed);
        for (const [where, schema, validate] of compiled) {
          const value = fakeFromSchema(schema, faker, { optionalRate });
          expect(validate(value), `${where}: ${JSON.stringify(value)} ${JSON.stringify(validate.errors)}`).toBe(true);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('makes the same values for the same seed and different ones for another', () => {
    const run = (seed: number) => {
      const faker = seeded(seed);
      return compiled.map(([, schema]) => fakeFromSchema(schema, faker));
    };
    expect(JSON.stringify(run(7))).toBe(JSON.stringify(run(7)));
    expect(JSON.stringify(run(7))).not.toBe(JSON.stringify(run(8)));
  });

  it('fills an Error allOf with the code and status its enums allow', () => {
    const faker = seeded(1);
    for (let i = 0; i < 20; i += 1) {
      const body = fakeFromSchema(errorSchema('NotFound'), faker, { optionalRate: 0 });
      expect(body).toEqual({ code: 'not_found', message: expect.stringMatching(/\S/), status: 404 });
    }
    const conflict = fakeFromSchema(errorSchema('OrderNotPossible'), faker) as { code: string; status: number };
    expect(['pet_not_available', 'insufficient_stock']).toContain(conflict.code);
    expect(conflict.status).toBe(409);
  });

  it('gives every property with an optional rate of 1 and only the required ones with 0', () => {
    const order = document.components!.schemas!['Order'] as Schema;
    const pet = document.components!.schemas!['Pet'] as Schema;
    expect(Object.keys(fakeFromSchema(order, seeded(2), { optionalRate: 1 }) as object).sort()).toEqual(['complete', 'id', 'petId', 'quantity', 'shipDate']);
    expect(Object.keys(fakeFromSchema(pet, seeded(2), { optionalRate: 0 }) as object).sort()).toEqual(['categoryId', 'id', 'name']);
  });
});

describe('fakeFromSchema keywords', () => {
  const many = (schema: Schema, n = 200) => {
    const faker = seeded(99);
    return Array.from({ length: n }, () => fakeFromSchema(schema, faker));
  };

  it('keeps integers within inclusive and exclusive bounds and on multipleOf', () => {
    for (const v of many({ type: 'integer', minimum: 3, maximum: 5 })) expect(v).toBeOneOf([3, 4, 5]);
    for (const v of many({ type: 'integer', minimum: 3, maximum: 5, exclusiveMinimum: true, exclusiveMaximum: true })) expect(v).toBe(4);
    for (const v of many({ type: 'integer', minimum: 1, multipleOf: 7 })) expect((v as number) % 7).toBe(0);
    for (const v of many({ type: 'integer', maximum: -10 })) expect(v).toBeLessThanOrEqual(-10);
  });

  it('keeps int64 values safe integers even when the range is wider', () => {
    for (const v of many({ type: 'integer', format: 'int64', minimum: 1, maximum: 2 ** 63 })) {
      expect(Number.isSafeInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(1);
    }
    for (const v of many({ type: 'integer', format: 'int32', minimum: -(2 ** 40) })) expect(v).toBeGreaterThanOrEqual(-(2 ** 31));
  });

  it('keeps numbers within exclusive bounds', () => {
    for (const v of many({ type: 'number', minimum: 0, maximum: 1, exclusiveMinimum: true, exclusiveMaximum: true }) as number[]) {
      expect(v).toBeGreaterThan(0);
      expect(v).toBeLessThan(1);
    }
  });

  it('fits strings to minLength and maxLength', () => {
    for (const v of many({ type: 'string', minLength: 30, maxLength: 32 }) as string[]) expect(v.length).toBeGreaterThanOrEqual(30);
    for (const v of many({ type: 'string', maxLength: 2 }) as string[]) expect(v.length).toBeLessThanOrEqual(2);
    expect(many({ type: 'string', minLength: 0, maxLength: 0 }, 5)).toEqual(['', '', '', '', '']);
  });

  it('writes date-times as ISO 8601 instants in a fixed window, never from the clock', () => {
    for (const v of many({ type: 'string', format: 'date-time' }) as string[]) {
      expect(v).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(v >= '2026-01-01' && v < '2028-01-01').toBe(true);
    }
  });

  it('honours a pattern and its length bounds together', () => {
    for (const v of many({ type: 'string', pattern: '^[a-c]{2,}$', maxLength: 3 }) as string[]) expect(v).toMatch(/^[a-c]{2,3}$/);
  });

  it('falls back to a matching example for a pattern it cannot generate (a back-reference), and without one to a string of the length asked (start-up names the pattern)', () => {
    expect(many({ type: 'string', pattern: '^(x)\\1$', example: 'xx' }, 3)).toEqual(['xx', 'xx', 'xx']);
    const plain = fakeFromSchema({ type: 'string', pattern: '^(x)\\1$', minLength: 3, maxLength: 9 }, seeded(1)) as string;
    expect(plain.length).toBeGreaterThanOrEqual(3);
    expect(plain.length).toBeLessThanOrEqual(9);
  });

  it('meets a pattern and an exact length together (AWS iot: an account id `[0-9]+` of length 12)', () => {
    for (const v of many({ type: 'string', pattern: '[0-9]+', minLength: 12, maxLength: 12 }, 30) as string[]) expect(v).toMatch(/^[0-9]{12}$/);
  });

  it('makes a string of the right length for a pattern no engine checks safely (decision 047), instead of throwing', () => {
    const unchecked = '^arn:(?=[^:]+:fsx:[^:]+:\\d{12}:)((|(?=[a-z0-9-.]{1,63})(?!\\d{1,3}(\\.\\d{1,3}){3})(?![^:]*-{2})(?![^:]*-\\.)(?![^:]*\\.-)[a-z0-9].*(?<!-)):){4}(?!/).{0,1024}$';
    for (const v of many({ type: 'string', pattern: unchecked, minLength: 8, maxLength: 20 }, 5) as string[]) expect(v.length).toBeGreaterThanOrEqual(8);
  });

  it('keeps arrays within minItems and maxItems', () => {
    for (const v of many({ type: 'array', items: { type: 'boolean' }, minItems: 2, maxItems: 4 }) as unknown[][]) {
      expect(v.length).toBeGreaterThanOrEqual(2);
      expect(v.length).toBeLessThanOrEqual(4);
    }
  });

  it('never adds a property the schema does not declare, and drops ones a closed allOf part forbids', () => {
    const schema = {
      allOf: [
        { type: 'object', additionalProperties: false, required: ['a'], properties: { a: { type: 'string' }, b: { type: 'integer' } } },
        { properties: { b: { minimum: 5, maximum: 5 }, c: { type: 'string' } } },
      ],
    } as Schema;
    const faker = seeded(4);
    for (let i = 0; i < 50; i += 1) {
      const v = fakeFromSchema(schema, faker, { optionalRate: 1 }) as Record<string, unknown>;
      expect(Object.keys(v).sort()).toEqual(['a', 'b']);
      expect(v['b']).toBe(5);
    }
  });

  it('picks one branch of a oneOf', () => {
    const values = many({ oneOf: [{ type: 'boolean' }, { type: 'integer', minimum: 1, maximum: 1 }] } as Schema, 50);
    expect(new Set(values)).toEqual(new Set([true, false, 1]));
  });

  it('refuses a schema with a $ref, and one nothing satisfies', () => {
    expect(() => fakeFromSchema({ $ref: '#/components/schemas/Pet' } as unknown as Schema, seeded(1))).toThrow(/\$ref/);
    expect(() => fakeFromSchema({ allOf: [{ enum: ['a'] }, { enum: ['b'] }] } as Schema, seeded(1))).toThrow(/enum/);
    expect(() => fakeFromSchema({ type: 'integer', minimum: 5, maximum: 4 }, seeded(1))).toThrow(/integer/);
  });
});
