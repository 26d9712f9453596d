import type { Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { documents, successStatuses } from '../documented-response.js';
import type { PlannedCase, Planner } from '../planner.js';
import { sunsetStatuses } from '../positive-cases.js';
import { resourceFor } from '../resources.js';
import { requestBodies, requestSchema } from '../sample-value.js';
import { boundaryValues, textCanBeWrongType, type BoundaryValue } from './boundary-values.js';

/**
 * The boundary phase: for every constrained input of an operation (body properties, query and
 * path parameters), the values on each bound answer 2xx and one step past answers a documented 4xx;
 * each required field missing, an unknown field where the body is closed, and wrong JSON types too.
 */
export function boundaryCases(planner: Planner, operation: Operation): PlannedCase[] {
  const success = [...successStatuses(operation), ...sunsetStatuses(operation)];
  const refused = ['400', '422'].filter((s) => documents(operation, s));
  if (success.length === 0 || refused.length === 0) return [];
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const body = requestBodies(operation)[0]?.value;
  const cases: PlannedCase[] = [];
  const add = (label: string, title: string, parts: { body?: unknown; query?: Record<string, unknown>; path?: Record<string, { value: unknown }> }, accepted: boolean, changed?: string) => {
    const sent = parts.body === undefined && body !== undefined ? { ...parts, body } : parts;
    const request = planner.template(operation, 'api-key', sent);
    // The value under test must reach the server as written, not be replaced by a fixture's id.
    if (request.body && changed) request.body = { value: request.body.value, refs: Object.fromEntries(Object.entries(request.body.refs).filter(([f]) => f !== changed)) };
    // A path segment that breaks its schema names no record: 404 is a right refusal too, where documented.
    const refusals = parts.path && documents(operation, '404') ? [...refused, '404'] : refused;
    const expect = accepted ? success : [...refusals, ...sunsetStatuses(operation)];
    cases.push(
      planner.makeCase(operation, {
        id: `${operation.operationId}/boundary/${label}`,
        title: `${where} with ${title} ${accepted ? 'is accepted' : 'is refused'} (${expect.join(' or ')})`,
        kind: 'boundary',
        request,
        // The document judges the value: on its bound it must validate, past it it must not (a phrase cannot meet an `api-version` pattern).
        sends: accepted ? 'accepted' : 'refused',
        // Refusals need nothing first; an accepted value does, and is skipped when the document lacks it.
        ...(accepted ? planner.preparation(operation, sent.body) : { prepare: [] }),
        expect,
      }),
    );
  };

  const schema = requestSchema(operation);
  if (schema && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const base = body as Record<string, unknown>;
    for (const [field, property] of Object.entries(schema.properties ?? {}) as [string, Schema][]) {
      if (property.readOnly) continue;
      const isReference = resourceFor(planner.resources, field) !== undefined;
      for (const v of boundaryValues(property, { accepted: !isReference })) add(`${field}-${v.label}`, `"${field}" ${describe(v)}`, { body: { ...base, [field]: v.value } }, v.accepted, field);
      // In a PATCH, null means "remove" (JSON merge patch, RFC 7396): where the schema has no null, it must be refused, not taken as a removal.
      if (operation.method === 'patch' && !allowsNull(property)) add(`${field}-null`, `"${field}" null (not nullable)`, { body: { ...base, [field]: null } }, false, field);
    }
    for (const field of schema.required ?? []) {
      const { [field]: _gone, ...rest } = base;
      add(`${field}-missing`, `the required "${field}" missing`, { body: rest }, false, field);
    }
    if (schema.additionalProperties === false) add('unknown-field', 'an unknown field "unexpectedField"', { body: { ...base, unexpectedField: true } }, false);
    // Only a schema that says it is an object refuses an array: `properties` and `required` alone do not.
    if (onlyObject(schema)) add('body-wrong-type', 'a body that is a JSON array', { body: [] }, false);
  }
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'query' && parameter.in !== 'path') continue;
    // A discriminator the path key names is the operation's address, not an input (decision 056).
    if (operation.discriminators.some((d) => d.in === 'query' && d.name === parameter.name)) continue;
    const pSchema = (parameter.schema ?? {}) as Schema;
    const isId = parameter.in === 'path' && resourceFor(planner.resources, parameter.name) !== undefined;
    // A path parameter takes any text, so its JSON type can only be wrong where it is not a string.
    const values = boundaryValues(pSchema, { accepted: parameter.in === 'query' && !isId, wrongType: textCanBeWrongType(pSchema) });
    for (const v of values) {
      // An empty list in a query is no parameter at all, and a path has no room for a list or nothing.
      if (Array.isArray(v.value) && v.value.length === 0) continue;
      if (parameter.in === 'path' && (typeof v.value === 'object' || v.value === '')) continue;
      const label = `${parameter.in}.${parameter.name}-${v.label}`;
      const title = `${parameter.in === 'query' ? '?' : ''}${parameter.name} ${describe(v)}`;
      if (parameter.in === 'query') add(label, title, { query: { [parameter.name]: v.value } }, v.accepted);
      else add(label, title, { path: { [parameter.name]: { value: v.value } } }, v.accepted);
    }
  }
  return cases;
}

function describe(v: BoundaryValue): string {
  const shown = typeof v.value === 'string' && v.value.length > 12 ? `a string of ${Array.from(v.value).length} characters` : Array.isArray(v.value) ? `${v.value.length} items` : JSON.stringify(v.value);
  return `${shown} (${v.label})`;
}

/** Whether a property's schema takes null: `nullable` (3.0), a type list with "null" (3.1), an enum or a branch that has it. */
export function allowsNull(schema: Schema): boolean {
  const s = schema as Omit<Schema, 'type'> & { nullable?: boolean; type?: unknown; const?: unknown };
  if (s.nullable === true || s.const === null || s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null'))) return true;
  if (s.enum?.includes(null)) return true;
  if (s.type === undefined && s.enum === undefined && !s.oneOf && !s.anyOf && !s.allOf) return true;
  if ([...(s.oneOf ?? []), ...(s.anyOf ?? [])].some((b) => allowsNull(b as Schema))) return true;
  return (s.allOf ?? []).length > 0 && s.allOf!.every((b) => allowsNull(b as Schema));
}

function onlyObject(schema: Schema): boolean {
  const type = (schema as { type?: unknown }).type;
  return type === 'object' || (Array.isArray(type) && type.includes('object') && !type.includes('array'));
}
