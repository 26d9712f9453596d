import { Faker, base, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import type { Schema } from '../../../src/spec/openapi.js';
import { createAjv } from '../../../src/validation/create-ajv.js';

const ajv = createAjv();

function seeded(seed: number): Faker {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seed);
  return faker;
}

/** The first of 40 seeds whose value the validators (ajv-formats, full) refuse, with why. */
function firstRefused(schema: Schema): string | undefined {
  const validate = ajv.compile(schema);
  for (let seed = 0; seed < 40; seed += 1) {
    const value = fakeFromSchema(schema, seeded(seed), { optionalRate: 0.5 });
    if (!validate(value)) return `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`;
  }
  return undefined;
}

// Issue 20, sweep class "a generated value misses its format" (googleapis' `byte`, pdfblocks' `url`,
// motaword's `number` + `int64`) and "must NOT have fewer than 1 properties" (AWS `Tags` maps).
describe('generated values meet every format and count the validators check', () => {
  it.each(['byte', 'url', 'ipv6', 'time', 'duration', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex', 'iso-time', 'iso-date-time'])('a string of format %s', (format) => {
    expect(firstRefused({ type: 'string', format })).toBeUndefined();
  });

  it('an integer for a number of format int32 or int64', () => {
    expect(firstRefused({ type: 'number', format: 'int64' })).toBeUndefined();
    expect(firstRefused({ type: 'number', format: 'int32', minimum: 0 })).toBeUndefined();
  });

  it('a map with at least minProperties entries, of the additionalProperties schema', () => {
    const tags: Schema = { type: 'object', minProperties: 1, maxProperties: 50, additionalProperties: { type: 'string', maxLength: 256 } };
    expect(firstRefused(tags)).toBeUndefined();
    expect(firstRefused({ type: 'object', minProperties: 2, properties: { a: { type: 'string' }, b: { type: 'integer' } } })).toBeUndefined();
  });

  it('no more than maxProperties, leaving required ones in', () => {
    const schema: Schema = { type: 'object', maxProperties: 1, required: ['a'], properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } } };
    const value = fakeFromSchema(schema, seeded(1), { optionalRate: 1 }) as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['a']);
  });
});
