import type { ErrorObject, ValidateFunction } from 'ajv';
import type { Header, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { createAjv } from '../validation/create-ajv.js';
import { describesEvent, isSequentialType, itemSchemaOf, jsonDataSchema } from '../spec/sequential-media.js';
import { documentedHeaders, jsonContent } from './documented-response.js';

export interface SchemaProblem {
  /** JSON path into the value: `$[0].status`. */
  path: string;
  message: string;
  expected?: string;
  actual?: string;
}

export type CompiledSchema = (value: unknown) => SchemaProblem[];

/**
 * Every response body and header schema of the document, compiled once when the plan is built
 * (never per response). Keyed by operationId and the documented status key as written.
 */
export interface SchemaRegistry {
  body(operationId: string, statusKey: string): CompiledSchema | undefined;
  header(operationId: string, statusKey: string, headerName: string): CompiledSchema | undefined;
  /** A streamed answer's item checks, by its media type: the item's (an SSE event's) schema, and its data's JSON schema. */
  items(operationId: string, statusKey: string, type: string): StreamItemSchemas | undefined;
}

export interface StreamItemSchemas {
  /** True when an SSE item schema describes the event (`{data, event, id, retry}`), not what `data` carries. */
  eventForm: boolean;
  item: CompiledSchema | undefined;
  /** An SSE event's `data` read as JSON: its `contentSchema` (event form), or the item schema (data form). */
  data: CompiledSchema | undefined;
}

export function createSchemaRegistry(operations: readonly Operation[]): SchemaRegistry {
  // strict: false, because a user's document may use OpenAPI keywords (`nullable`) plain JSON Schema lacks.
  const ajv = createAjv({ strict: false });
  const compiled = new WeakMap<object, CompiledSchema | undefined>();
  // A schema ajv cannot compile (a pattern JavaScript cannot read, say) is left unchecked rather
  // than stopping the run: the other answers are still worth checking.
  const compile = (schema: Schema): CompiledSchema | undefined => {
    if (compiled.has(schema)) return compiled.get(schema);
    let check: CompiledSchema | undefined;
    try {
      check = toProblems(ajv.compile(schema));
    } catch {
      check = undefined;
    }
    compiled.set(schema, check);
    return check;
  };

  // Nested maps, not joined-string keys: looked up for every header of every answer, with no string built.
  const bodies = new Map<string, Map<string, CompiledSchema>>();
  const headers = new Map<string, Map<string, Map<string, CompiledSchema>>>();
  const within = <V>(map: Map<string, V>, key: string, fresh: () => V): V => {
    let value = map.get(key);
    if (value === undefined) map.set(key, (value = fresh()));
    return value;
  };
  for (const operation of operations) {
    for (const [statusKey, response] of Object.entries(operation.responses)) {
      const json = jsonContent(response.content);
      const body = json?.schema ? compile(json.schema) : undefined;
      if (body) within(bodies, operation.operationId, () => new Map()).set(statusKey, body);
      for (const [lower, { header }] of documentedHeaders(response)) {
        const schema = (header as Header).schema as Schema | undefined;
        const check = schema ? compile(schema) : undefined;
        if (check) within(within(headers, operation.operationId, () => new Map()), statusKey, () => new Map()).set(lower, check);
      }
    }
  }
  const streams = new Map<string, StreamItemSchemas>();
  for (const operation of operations) {
    for (const [statusKey, response] of Object.entries(operation.responses)) {
      for (const [type, media] of Object.entries(response.content ?? {})) {
        if (!isSequentialType(type)) continue;
        const schema = itemSchemaOf(media);
        const sse = type.split(';', 1)[0]!.trim().toLowerCase() === 'text/event-stream';
        const eventForm = sse && describesEvent(schema);
        const dataSchema = eventForm ? jsonDataSchema(schema) : sse ? schema : undefined;
        streams.set(`${operation.operationId} ${statusKey} ${type.split(';', 1)[0]!.trim().toLowerCase()}`, {
          eventForm,
          item: schema && (!sse || eventForm) ? compile(schema) : undefined,
          data: dataSchema ? compile(dataSchema) : undefined,
        });
      }
    }
  }
  return {
    items: (operationId, statusKey, type) => streams.get(`${operationId} ${statusKey} ${type.split(';', 1)[0]!.trim().toLowerCase()}`),
    body: (operationId, statusKey) => bodies.get(operationId)?.get(statusKey),
    header: (operationId, statusKey, name) => headers.get(operationId)?.get(statusKey)?.get(name.toLowerCase()),
  };
}

function toProblems(validate: ValidateFunction): CompiledSchema {
  return (value) => {
    if (validate(value)) return [];
    const seen = new Set<string>();
    const problems: SchemaProblem[] = [];
    for (const error of validate.errors ?? []) {
      // allOf/anyOf wrappers repeat what their branches already said.
      if (error.keyword === 'allOf' || error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') continue;
      const problem = describe(error, value);
      const key = `${problem.path} ${problem.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(problem);
    }
    return problems;
  };
}

function describe(error: ErrorObject, root: unknown): SchemaProblem {
  const params = error.params as Record<string, unknown>;
  let path = jsonPath(error.instancePath);
  let expected: string | undefined;
  let actual: string | undefined = show(valueAt(root, error.instancePath));
  switch (error.keyword) {
    case 'required':
      path = jsonPath(`${error.instancePath}/${String(params.missingProperty)}`);
      expected = `property '${String(params.missingProperty)}' present`;
      actual = 'absent';
      break;
    case 'additionalProperties':
      path = jsonPath(`${error.instancePath}/${String(params.additionalProperty)}`);
      expected = 'no property not named by the schema';
      actual = `extra property '${String(params.additionalProperty)}'`;
      break;
    case 'type':
      expected = `type ${String(params.type)}`;
      break;
    case 'enum':
      expected = `one of ${JSON.stringify(params.allowedValues)}`;
      break;
    case 'format':
      expected = `format ${String(params.format)}`;
      break;
    case 'const':
      expected = JSON.stringify(params.allowedValue);
      break;
    default:
      expected = error.message;
  }
  return { path, message: `${path} ${error.message ?? 'is invalid'}`, expected, actual };
}

function jsonPath(pointer: string): string {
  let path = '$';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path += /^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `[${JSON.stringify(part)}]`;
  }
  return path;
}

function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const raw of pointer.split('/').slice(1)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

function show(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
