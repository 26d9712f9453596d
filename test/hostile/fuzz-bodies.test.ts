import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schema } from '../../src/spec/openapi.js';
import type { Operation } from '../../src/spec/operation-index.js';
import { checkInvariants } from '../../src/packs/petstore/store/invariants.js';
import { createAjv } from '../../src/validation/create-ajv.js';
import { expectHealthy, startHostileMock, type HostileMock } from './hostile-kit.js';

/*
 * Property-based fuzzing of every operation that takes a body, derived from the document: each
 * field gets values inside its bounds, at and past them, of the wrong type, and prototype names
 * as extra fields; some bodies are arbitrary JSON, arbitrary text or arbitrary bytes. Path ids
 * are mostly records that exist. Whatever arrives, the answer is a status the operation
 * documents, a 2xx body matches its schema, an error is the Error object, and the store stays
 * consistent.
 */

const RUNS = 50;
const ajv = createAjv();

let mock: HostileMock;
let writes: Operation[];
beforeAll(async () => {
  mock = await startHostileMock();
  writes = mock.setup.index.operations.filter((op) => op.requestBody);
});
afterAll(async () => {
  await mock?.close();
});

const wrongType = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, Number.MIN_VALUE),
  fc.string({ maxLength: 20 }),
  fc.constant([]),
  fc.constant({}),
  fc.jsonValue({ maxDepth: 2 }),
);

const awkwardString = fc.oneof(
  fc.string({ minLength: 0, maxLength: 30 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.constantFrom('', ' ', '\u0000', '\ud800', '<script>alert(1)</script>', "'; DROP TABLE pets; --", '../../etc/passwd', '%s%n%x', '{{7*7}}', '${7*7}'),
  fc.integer({ min: 95, max: 105 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 495, max: 505 }).map((n) => 'd'.repeat(n)),
);

const dateTime = fc.oneof(
  fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2026-12-31T23:59:60Z', '2026-12-01T12:00:00+14:00', '2026-12-01', '2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', 'tomorrow', '0000-01-01T00:00:00Z'),
);

/** A value the schema accepts, biased to small numbers so that orders and stock interact. */
function validValue(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'integer': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? 1000;
      return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 8) }) }, { weight: 1, arbitrary: fc.integer({ min, max: Math.min(max, 70) }) }, { weight: 1, arbitrary: fc.constantFrom(min, max) });
    }
    case 'string':
      if (schema.format === 'date-time') return dateTime.filter((d) => /T/.test(d) && !Number.isNaN(Date.parse(d.replace(':60', ':59'))));
      return fc.string({ unit: 'grapheme', minLength: Math.max(schema.minLength ?? 0, 1), maxLength: Math.min(schema.maxLength ?? 100, 40) });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constant(null);
  }
}

/** A value at or past the schema's bounds, or of the wrong type. */
function invalidValue(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.oneof(awkwardString, wrongType);
  switch (schema.type) {
    case 'integer':
      return fc.oneof(fc.constantFrom((schema.minimum ?? 0) - 1, (schema.maximum ?? 2 ** 53) + 1, 1.5, -1, 2 ** 53), wrongType);
    case 'string':
      return schema.format === 'date-time' ? fc.oneof(dateTime, wrongType) : fc.oneof(awkwardString, wrongType);
    default:
      return wrongType;
  }
}

/**
 * A body as text: half of them valid (so the store is exercised), a third with some fields
 * invalid, missing or added (prototype names among them), the rest anything at all.
 */
function bodyText(schema: Schema): fc.Arbitrary<string | Uint8Array> {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
  const required = (schema.required ?? []) as string[];
  const valid = fc.record(Object.fromEntries(properties.map(([name, s]) => [name, validValue(s)])), { requiredKeys: required });
  const mutated = fc
    .tuple(
      fc.record(Object.fromEntries(properties.map(([name, s]) => [name, fc.oneof(validValue(s), invalidValue(s))])), { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'extra', 'toString'), wrongType), { freq: 2 }),
    )
    .map(([fields, extra]) => {
      const json = JSON.stringify(fields);
      if (!extra) return json;
      // Written as text so that "__proto__" arrives as a JSON member, not as a prototype.
      const member = `${JSON.stringify(extra[0])}:${JSON.stringify(extra[1])}`;
      return json === '{}' ? `{${member}}` : `{${member},${json.slice(1)}`;
    });
  return fc.oneof(
    { weight: 6, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 4, arbitrary: mutated },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 60 }) },
  );
}

const pathId = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 60 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', '1e2', 'abc', '9007199254740992', '%2F', '%00') },
);

describe('fuzzing every write operation (fast-check, bounded)', () => {
  it('covers every operation of the document that takes a body', () => {
    expect(writes.map((op) => op.operationId).sort()).toEqual(['createCategory', 'createPet', 'placeOrder', 'replaceCategory', 'replacePet', 'setInventory', 'updateOrder', 'updatePet']);
  });

  for (const operationId of ['createPet', 'replacePet', 'updatePet', 'createCategory', 'replaceCategory', 'placeOrder', 'updateOrder', 'setInventory']) {
    it(`${operationId}: ${RUNS} bodies, each answered with a documented status and a valid body, the store consistent after`, async () => {
      const op = writes.find((o) => o.operationId === operationId)!;
      const session = `fuzz-${operationId}`;
      const schema = op.requestBody!.content['application/json']!.schema as Schema;
      const documented = Object.keys(op.responses).map(Number);
      const bodySchemas = new Map(
        Object.entries(op.responses)
          .filter(([status]) => status.startsWith('2'))
          .map(([status, r]) => [Number(status), r.content?.['application/json']?.schema])
          .filter(([, s]) => s !== undefined)
          .map(([status, s]) => [status as number, ajv.compile(s as object)]),
      );
      await fc.assert(
        fc.asyncProperty(bodyText(schema), pathId, async (body, id) => {
          const path = op.path.replace(/\{[^}]+\}/, id);
          const answer = await mock.send(op.method.toUpperCase(), path, { body, headers: { 'Content-Type': 'application/json' }, session });
          const where = `${op.method.toUpperCase()} ${path} ${typeof body === 'string' ? body.slice(0, 200) : `<${body.length} bytes>`} -> ${answer.status} ${answer.text.slice(0, 300)}`;
          expect(mock.problems, where).toEqual([]);
          expect(documented, where).toContain(answer.status);
          const validate = bodySchemas.get(answer.status);
          if (validate) expect(validate(JSON.parse(answer.text)), `${where}: ${ajv.errorsText(validate.errors)}`).toBe(true);
        }),
        { numRuns: RUNS },
      );
      await expectHealthy(mock, [session]);
    });
  }

  it(`a mix of every write and delete in one session: ${RUNS / 2} sequences of up to 8 requests, the store consistent after each`, async () => {
    const session = 'fuzz-mixed';
    const deletes = mock.setup.index.operations.filter((op) => op.method === 'delete');
    const step = fc.oneof(
      ...writes.map((op) => fc.tuple(fc.constant(op), bodyText(op.requestBody!.content['application/json']!.schema as Schema), pathId)),
      ...deletes.map((op) => fc.tuple(fc.constant(op), fc.constant(''), pathId)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const [op, body, id] of steps) {
          const path = op.path.replace(/\{[^}]+\}/, id);
          const answer = await mock.send(op.method.toUpperCase(), path, { body: body === '' ? undefined : body, headers: { 'Content-Type': 'application/json' }, session });
          expect(Object.keys(op.responses).map(Number), `${op.operationId} ${path} -> ${answer.status} ${answer.text.slice(0, 200)}`).toContain(answer.status);
        }
        expect(mock.problems).toEqual([]);
        expect(checkInvariants(await mock.setup.sessions.get(session).store.snapshot())).toEqual([]);
      }),
      { numRuns: RUNS / 2 },
    );
    await expectHealthy(mock, [session]);
  });
});
