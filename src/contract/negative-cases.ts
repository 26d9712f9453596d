import type { Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { documents } from './documented-response.js';
import type { PlannedCase, Planner } from './planner.js';
import { sunsetStatuses } from './positive-cases.js';
import type { RequestTemplate } from './request-template.js';
import { resourceFor } from './resources.js';
import { invalidParameterValue, requestBodies, requestSchema, unknownIdValue, wrongTypeValue } from './sample-value.js';

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** No key -> 401; bad body, path or query -> 400; unknown id -> 404; read-only key writing -> 403. */
export function negativeCases(planner: Planner, operation: Operation, options: { readonlyKey: boolean }): PlannedCase[] {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const body = requestBodies(operation)[0]?.value;
  const valid = (credentials: RequestTemplate['credentials']) => planner.template(operation, credentials, body === undefined ? {} : { body });
  const cases: PlannedCase[] = [];
  const add = (suffix: string, title: string, request: RequestTemplate, expect: string[], expectCode?: string) =>
    cases.push(planner.makeCase(operation, { id: `${operation.operationId}/negative/${suffix}`, title: `${where} ${title}`, kind: 'negative', request, expect, ...(expectCode ? { expectCode } : {}) }));

  if (operation.security.some((requirement) => Object.keys(requirement).length > 0)) {
    add('no-key', 'without an API key answers 401', valid('none'), ['401']);
  }
  if (documents(operation, '400')) {
    for (const variant of badBodies(operation, body, (field) => resourceFor(planner.resources, field) !== undefined)) {
      const request = planner.template(operation, 'api-key', { body: variant.value });
      // The mutated field must reach the server as mutated, not be replaced by a fixture's id.
      if (request.body && variant.field) request.body = { value: request.body.value, refs: omit(request.body.refs, variant.field) };
      add(`bad-body:${variant.name}`, `with ${variant.title} answers 400`, request, ['400']);
    }
    const pathParameter = operation.parameters.filter((p) => p.in === 'path').at(-1);
    const badPath = pathParameter ? invalidParameterValue((pathParameter.schema ?? {}) as Schema) : undefined;
    if (pathParameter && badPath !== undefined) {
      const request = planner.template(operation, 'api-key', { ...(body === undefined ? {} : { body }), path: { [pathParameter.name]: { value: badPath } } });
      add(`bad-path:${pathParameter.name}`, `with ${pathParameter.name} ${JSON.stringify(badPath)} answers 400`, request, ['400']);
    }
    for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
      const bad = invalidParameterValue((parameter.schema ?? {}) as Schema);
      if (bad === undefined) continue;
      add(`bad-query:${parameter.name}`, `with ?${parameter.name}=${String(bad)} answers 400`, planner.template(operation, 'api-key', { query: { [parameter.name]: bad } }), ['400']);
      break;
    }
  }
  if (body !== undefined && documents(operation, '415')) {
    add('unsupported-media-type', 'with its JSON body sent as text/plain answers 415', { ...valid('api-key'), contentType: 'text/plain' }, ['415']);
  }
  const reference = unknownReference(planner, operation, body);
  if (reference && documents(operation, '422')) {
    const request = planner.template(operation, 'api-key', { body: reference.value });
    if (request.body) request.body = { value: request.body.value, refs: omit(request.body.refs, reference.field) };
    add(`unknown-reference:${reference.field}`, `with a ${reference.field} that names no record answers 422`, request, ['422']);
  }
  const idParameter = operation.parameters.filter((p) => p.in === 'path').at(-1);
  if (idParameter && documents(operation, '404')) {
    const unknown = unknownIdValue((idParameter.schema ?? {}) as Schema);
    const request = planner.template(operation, 'api-key', { ...(body === undefined ? {} : { body }), path: { [idParameter.name]: { value: unknown } } });
    add('unknown-id', `with an unknown ${idParameter.name} (${String(unknown)}) answers 404`, request, ['404', ...sunsetStatuses(operation)]);
  }
  if (options.readonlyKey && WRITE_METHODS.has(operation.method) && documents(operation, '403')) {
    add('read-only-key', 'with the read-only key answers 403 forbidden', valid('readonly-key'), ['403'], 'forbidden');
  }
  return cases;
}

interface BadBody {
  name: string;
  title: string;
  value: unknown;
  /** The field the variant changed. */
  field?: string;
}

/** A required field removed, a field of the wrong type, an unknown field (when the schema is closed). */
export function badBodies(operation: Operation, body: unknown, isReference: (field: string) => boolean = () => false): BadBody[] {
  const schema = requestSchema(operation);
  if (!schema || body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const base = body as Record<string, unknown>;
  const properties = Object.entries(schema.properties ?? {}) as [string, Schema][];
  const variants: BadBody[] = [];
  const required = (schema.required ?? []).find((name) => name in base);
  if (required) {
    const { [required]: _removed, ...rest } = base;
    variants.push({ name: `missing-${required}`, title: `a body missing the required "${required}"`, value: rest, field: required });
  }
  // A field that is not a reference to another record, so the wrong value is the only thing wrong.
  const isRequired = ([name]: [string, Schema]) => (schema.required ?? []).includes(name);
  const [typed, typedSchema] =
    properties.find((p) => isRequired(p) && !isReference(p[0])) ?? properties.find((p) => !isReference(p[0])) ?? properties[0] ?? [];
  if (typed && typedSchema) {
    const wrong = wrongTypeValue(typedSchema);
    variants.push({ name: `wrong-type-${typed}`, title: `"${typed}" of the wrong type (${JSON.stringify(wrong)})`, value: { ...base, [typed]: wrong }, field: typed });
  }
  if (schema.additionalProperties === false) {
    variants.push({ name: 'extra-field', title: 'an unknown field "unexpectedField"', value: { ...base, unexpectedField: true } });
  }
  return variants;
}

/** The body with its first field that refers to another record (`categoryId`) set to an id no record has. */
function unknownReference(planner: Planner, operation: Operation, body: unknown): { field: string; value: unknown } | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const properties = Object.entries(requestSchema(operation)?.properties ?? {}) as [string, Schema][];
  const found = properties.find(([name]) => resourceFor(planner.resources, name) !== undefined);
  if (!found) return undefined;
  const [field, schema] = found;
  return { field, value: { ...(body as object), [field]: unknownIdValue(schema) } };
}

function omit(record: Readonly<Record<string, string>>, key: string): Record<string, string> {
  const { [key]: _omitted, ...rest } = record;
  return rest;
}
