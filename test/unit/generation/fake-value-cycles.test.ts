import { beforeAll, describe, expect, it } from 'vitest';
import { createFaker } from '../../../src/generation/create-faker.js';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import { loadDocument } from '../../../src/spec/load-document.js';
import { buildOperationIndex, type OperationIndex } from '../../../src/spec/operation-index.js';
import type { Schema } from '../../../src/spec/openapi.js';
import { createAjv } from '../../../src/validation/create-ajv.js';

let index: OperationIndex;
beforeAll(async () => {
  index = buildOperationIndex((await loadDocument('test/fixtures/hostile-documents/deep-ref-cycle/openapi.yaml')).document);
});

const responseSchema = (id: string) => index.byId(id)!.responses['200']!.content!['application/json']!.schema as Schema;

function depth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depth));
}

describe('values for recursive schemas', () => {
  it.each(['listTrees', 'getRing', 'evaluate'])('%s: a finite value, valid, in bounded time, for every seed', (id) => {
    const schema = responseSchema(id);
    const validate = createAjv().compile(schema);
    const start = performance.now();
    for (let seed = 1; seed <= 200; seed++) {
      const value = fakeFromSchema(schema, createFaker(seed), { optionalRate: 1, extraItems: 5 });
      expect(validate(value), JSON.stringify(validate.errors)).toBe(true);
      expect(depth(value)).toBeLessThan(40);
    }
    expect(performance.now() - start).toBeLessThan(5000);
  });

  it('still makes trees more than one level deep', () => {
    const trees = Array.from({ length: 20 }, (_, seed) => fakeFromSchema(responseSchema('listTrees'), createFaker(seed), { optionalRate: 1 }));
    expect(Math.max(...trees.map(depth))).toBeGreaterThan(3);
  });
});
