import { describe, expect, it } from 'vitest';
import { createAjv } from '../../../src/validation/create-ajv.js';

// A document without shared schemas writes the same answer schema inline under every operation:
// each was compiled at start-up to check its example (issue 27, decision 102).
const answer = () => ({ type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' }, tags: { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } } } });

describe('createAjv compiles schemas written alike once', () => {
  it('gives two schema objects written alike the one validator, which still judges values', () => {
    const ajv = createAjv();
    const first = ajv.compile(answer());
    const second = ajv.compile(answer());
    expect(second).toBe(first);
    expect(second({ id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', tags: ['a'] })).toBe(true);
    expect(second({ id: 'x', tags: ['A'] })).toBe(false);
    expect(second.errors?.map((e) => e.instancePath)).toEqual(['/id', '/tags/0']);
  });

  it('keeps schemas that differ apart, and compiles a very large one without keying it', () => {
    const ajv = createAjv();
    const other = { ...answer(), required: ['id', 'tags'] };
    expect(ajv.compile(other)).not.toBe(ajv.compile(answer()));
    const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 1100 }, (_, i) => [`p${i}`, { type: 'integer' }])) };
    const validate = ajv.compile(wide);
    expect(validate({ p7: 'seven' })).toBe(false);
    expect(ajv.compile(structuredClone(wide))).not.toBe(validate);
  });

  it('is one validator per ajv family: another createAjv compiles its own', () => {
    expect(createAjv().compile(answer())).not.toBe(createAjv().compile(answer()));
  });
});
