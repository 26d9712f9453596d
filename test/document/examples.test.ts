import { beforeAll, describe, expect, it } from 'vitest';
import type { Ajv } from 'ajv';
import type { Document, MediaType, Schema } from '../../src/spec/openapi.js';
import type { OperationIndex } from '../../src/spec/operation-index.js';
import { createAjv } from '../../src/validation/create-ajv.js';
import { petstoreDocument } from '../helpers/petstore-document.js';

interface ExampleCase {
  where: string;
  schema: Schema;
  value: unknown;
}

let index: OperationIndex;
let document: Document;
let ajv: Ajv;
beforeAll(async () => {
  const doc = await petstoreDocument();
  index = doc.index;
  document = doc.loaded.document;
  ajv = createAjv();
});

/** Every example in the document, with the schema it must satisfy. */
function allExamples(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const fromMedia = (where: string, media: MediaType | undefined) => {
    if (!media?.schema) return;
    if (media.example !== undefined) cases.push({ where, schema: media.schema as Schema, value: media.example });
    for (const [name, ex] of Object.entries(media.examples ?? {})) {
      cases.push({ where: `${where} example ${name}`, schema: media.schema as Schema, value: (ex as { value: unknown }).value });
    }
  };
  for (const op of index.operations) {
    fromMedia(`${op.operationId} request`, op.requestBody?.content['application/json']);
    for (const [status, response] of Object.entries(op.responses)) {
      fromMedia(`${op.operationId} ${status}`, response.content?.['application/json']);
      for (const [name, h] of Object.entries(response.headers ?? {})) {
        const header = h as { schema: Schema; example?: unknown };
        if (header.example !== undefined) cases.push({ where: `${op.operationId} ${status} header ${name}`, schema: header.schema, value: header.example });
      }
    }
    for (const p of op.parameters) {
      if (p.example !== undefined) cases.push({ where: `${op.operationId} parameter ${p.name}`, schema: p.schema as Schema, value: p.example });
    }
  }
  for (const [name, schema] of Object.entries(document.components!.schemas as Record<string, Schema>)) {
    if (schema.example !== undefined) cases.push({ where: `schema ${name}`, schema, value: schema.example });
  }
  return cases;
}

describe('examples', () => {
  it('are valid against their schemas, every one of them', () => {
    const cases = allExamples();
    expect(cases.length).toBeGreaterThan(150);
    const invalid = cases.flatMap(({ where, schema, value }) => {
      const validate = ajv.compile(schema);
      return validate(value) ? [] : [`${where}: ${ajv.errorsText(validate.errors)}`];
    });
    expect(invalid).toEqual([]);
  });

  it('exist, named, for every request body and every response body', () => {
    for (const op of index.operations) {
      const bodies: [string, MediaType | undefined][] = [['request', op.requestBody?.content['application/json']]];
      for (const [status, r] of Object.entries(op.responses)) {
        if (r.content) bodies.push([status, r.content['application/json']]);
      }
      for (const [where, media] of bodies) {
        if (where === 'request' && !op.requestBody) continue;
        expect(Object.keys(media?.examples ?? {}).length, `${op.operationId} ${where}`).toBeGreaterThan(0);
      }
    }
  });

  it('pair each request example with the success example of the same name', () => {
    for (const op of index.operations) {
      const request = Object.keys(op.requestBody?.content['application/json']?.examples ?? {});
      const success = Object.entries(op.responses).find(([s]) => s.startsWith('2'))![1];
      const answers = Object.keys(success.content?.['application/json']?.examples ?? {});
      for (const name of request) expect(answers, `${op.operationId} ${name}`).toContain(name);
    }
  });

  it('are caught by the check when one is wrong (the check can fail)', () => {
    const schema = (document.components!.schemas as Record<string, Schema>).NewPet!;
    const validate = ajv.compile(schema);
    expect(validate({ name: 'Rex', categoryId: 1 })).toBe(true);
    expect(validate({ name: '', categoryId: 1 })).toBe(false);
    expect(validate({ name: 'Rex', categoryId: 0 })).toBe(false);
    expect(validate({ name: 'Rex', categoryId: 1, colour: 'brown' })).toBe(false);
    expect(validate({ name: 'Rex', categoryId: 1, status: 'lost' })).toBe(false);
    const order = ajv.compile((document.components!.schemas as Record<string, Schema>).Order!);
    expect(order({ shipDate: '2026-11-22T10:00:00Z' })).toBe(true);
    expect(order({ shipDate: 'tomorrow' })).toBe(false);
  });
});
