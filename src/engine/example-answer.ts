import { ApiError } from '../core/errors.js';
import { createFaker } from '../generation/create-faker.js';
import { fakeFromSchema } from '../generation/fake-value.js';
import { subjectOfPath } from '../generation/field-text.js';
import { examplePointer, type ExampleCheck } from './example-conformance.js';
import type { Response, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import type { Behaviour } from './behaviour.js';
import { chooseMedia, documentedExample, isJsonType, requiredHeaders, successStatus } from './documented-responses.js';
import { withLinkedFieldsRequired } from './link-fields.js';
import { encodeBody } from './media-body.js';
import { negotiateMedia } from './negotiate-media.js';
import { pageSizeCut } from './page-size.js';
import { isSequentialType, itemSchemaOf, itemStream } from './stream-items.js';

/**
 * The behaviour of an operation no pack claims and no resource explains: its documented success
 * status with an example of the document (`example`), else data generated from the schema
 * (`generated`), in the documented media type. A schema nothing can be generated for (an
 * unsatisfiable one, a pattern beyond the generator) makes the operation `unservable`, named at
 * start-up; its requests are answered 500 with the reason.
 */
export function exampleBehaviour(operation: Operation, check?: ExampleCheck): Behaviour {
  const success = successStatus(operation) ?? firstDocumented(operation);
  if (!success) return unservable('it documents no response');
  const { status, response } = success;
  const chosen = chooseMedia(response.content);
  const streamed = chosen !== undefined && isSequentialType(chosen.type);
  const schema = (streamed ? itemSchemaOf(chosen.media) : chosen?.media.schema) as Schema | undefined;
  let example = chosen && !streamed ? usableExample(documentedExample(chosen.media), schema, chosen.type) : undefined;
  // An example that breaks its own schema is not served (INTERFACE section 15): generated data is, and start-up names it.
  const broken = example && schema && check ? check(schema, example.value) : undefined;
  if (broken) example = undefined;
  if (chosen && !example && schema) {
    try {
      fakeFromSchema(schema, probe());
    } catch (error) {
      return unservable(`no answer can be generated for its ${status} schema: ${(error as Error).message}`);
    }
  }
  // Fields that the response's links read are always made (worked out once per schema).
  const linked = new Map<Schema, Schema>();
  const withLinks = (s: Schema) => linked.get(s) ?? linked.set(s, withLinkedFieldsRequired(s, response)).get(s)!;
  const cut = pageSizeCut(operation);
  return {
    kind: streamed ? 'stream' : example || !chosen ? 'example' : 'generated',
    ...(broken && { note: `the example at ${examplePointer(operation, String(status), chosen!.type, chosen!.media)} breaks its schema (${broken}): generated data is served instead` }),
    handle: async (ctx) => {
      const headers = requiredHeaders(response, ctx.faker, ctx.answerHeaders);
      if (!chosen) return { status, headers };
      // The type the request accepts: its own example, else the same answer in that type.
      const asked = negotiateMedia(response.content, ctx.headers.accept) ?? chosen;
      if (isSequentialType(asked.type)) return { status, headers, stream: itemStream(asked.type, asked.media, ctx.faker, subjectOfPath(operation.path)) };
      const own = asked.type === chosen.type ? example : usableExample(documentedExample(asked.media), asked.media.schema as Schema | undefined, asked.type);
      const answerSchema = (asked.media.schema as Schema | undefined) ?? schema;
      const value = own ? own.value : example ? example.value : answerSchema ? fakeFromSchema(withLinks(answerSchema), ctx.faker, { subject: subjectOfPath(operation.path) }) : '';
      const { body, contentType } = encodeBody(isJsonType(asked.type) ? cut(value, ctx.valid.query) : value, asked.type, ctx.faker, answerSchema);
      return { status, body, headers, contentType };
    },
  };
}

/**
 * A JSON example written as a string where the schema wants no string (Swagger 2.0 documents
 * often hold `examples: {application/json: "{\"name\": ...}"}`): the JSON it holds, or none
 * when that is not JSON (the answer is then generated from the schema).
 */
function usableExample(example: { value: unknown } | undefined, schema: Schema | undefined, type: string): { value: unknown } | undefined {
  if (!example || typeof example.value !== 'string' || !isJsonType(type) || !schema?.type || schema.type === 'string') return example;
  if (Array.isArray(schema.type) && schema.type.includes('string')) return example;
  try {
    return { ...example, value: JSON.parse(example.value) };
  } catch {
    return undefined;
  }
}

let probeFaker: ReturnType<typeof createFaker> | undefined;
/** One faker for the load-time trials of every operation (making one costs about a millisecond). */
function probe(): ReturnType<typeof createFaker> {
  return (probeFaker ??= createFaker(0));
}

function firstDocumented(operation: Operation): { status: number; response: Response } | undefined {
  const code = Object.keys(operation.responses).filter((c) => /^\d{3}$/.test(c)).sort()[0];
  return code === undefined ? undefined : { status: Number(code), response: operation.responses[code]! };
}

export function unservable(reason: string): Behaviour {
  return {
    kind: 'unservable',
    reason,
    handle: async () => {
      throw new ApiError('internal_error', `This operation cannot be served: ${reason}`);
    },
  };
}
