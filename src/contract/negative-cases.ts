import type { Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { checkedPathParameter } from '../spec/addressed-item.js';
import { routeOf } from '../spec/route-key.js';
import { documentedBodyProperty, documents, requiresCredential } from './documented-response.js';
import type { PlannedCase, Planner } from './planner.js';
import { sunsetStatuses } from './positive-cases.js';
import type { RequestTemplate } from './request-template.js';
import { isCheckedTarget, unknownReferenceStatus } from '../spec/record-references.js';
import { asReferenceTarget, requestProperties, resourceFor } from './resources.js';
import { IGNORED_AUTH, wrongCredentialStatuses } from './checks/ignored-auth.js';
import { MISSING_REQUIRED_HEADER } from './checks/missing-required-header.js';
import { unsupportedMethodCases } from './unsupported-method-cases.js';
import { invalidParameterValue, requestBodies, requestSchema, unknownIdValue, wrongTypeValue } from './sample-value.js';
import { isReservedHeader } from './parameter-values.js';

const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * No credential, or a wrong one -> 401 (where security is required), a body, path or query breaking one
 * constraint -> 400 (else 422, else any 4xx the document allows), unknown id -> 404, read-only
 * key writing -> 403.
 */
export function negativeCases(planner: Planner, operation: Operation, options: { readonlyKey: boolean; wrongCredential?: boolean }): PlannedCase[] {
  const where = `${operation.method.toUpperCase()} ${operation.path}`;
  const body = requestBodies(operation)[0]?.value;
  const valid = (credentials: RequestTemplate['credentials']) => planner.template(operation, credentials, body === undefined ? {} : { body });
  const cases: PlannedCase[] = [];
  const add = (suffix: string, title: string, request: RequestTemplate, expect: string[], extra: { expectCode?: string; anyValue?: boolean; check?: string; sends?: 'refused'; skipReason?: string } = {}) =>
    cases.push(planner.makeCase(operation, { id: `${operation.operationId}/negative/${suffix}`, title: `${where} ${title}`, kind: 'negative', request, expect, ...extra }));

  if (requiresCredential(operation)) {
    const expect = noCredentialStatuses(operation);
    // Authentication comes before looking anything up, so path values need not name real records.
    add('no-key', `without an API key answers ${expect.join(' or ')}`, valid('none'), expect, { anyValue: true, check: IGNORED_AUTH.name });
  }
  if (options.wrongCredential && requiresCredential(operation)) {
    const wrong = wrongCredentialStatuses(operation);
    add('wrong-key', `with a wrong credential answers ${wrong.join(' or ')}`, valid('wrong-credential'), wrong, { anyValue: true, check: IGNORED_AUTH.name });
  }
  const invalid = invalidRequestStatuses(operation);
  if (invalid) {
    const answers = `answers ${invalid.join(' or ')}`;
    for (const variant of badBodies(operation, body, (field) => resourceFor(planner.resources, field) !== undefined)) {
      const request = planner.template(operation, 'api-key', { body: variant.value });
      // The mutated field must reach the server as mutated, not be replaced by a fixture's id.
      if (request.body && variant.field) request.body = { value: request.body.value, refs: omit(request.body.refs, variant.field) };
      add(`bad-body:${variant.name}`, `with ${variant.title} ${answers}`, request, invalid, { sends: 'refused' });
    }
    const pathParameter = operation.parameters.filter((p) => p.in === 'path').at(-1);
    const badPath = pathParameter ? invalidParameterValue((pathParameter.schema ?? {}) as Schema) : undefined;
    if (pathParameter && badPath !== undefined) {
      const request = planner.template(operation, 'api-key', { ...(body === undefined ? {} : { body }), path: { [pathParameter.name]: { value: badPath } } });
      // A path segment that breaks its schema names no record: 404 is a right refusal too, where documented (as in boundary-cases).
      const refusals = documents(operation, '404') && !invalid.includes('404') ? [...invalid, '404'] : invalid;
      add(`bad-path:${pathParameter.name}`, `with ${pathParameter.name} ${JSON.stringify(badPath)} answers ${refusals.join(' or ')}`, request, refusals, { sends: 'refused' });
    }
    // A discriminator the path key names picks the operation: broken, it addresses none (decision 056).
    const routing = new Set(operation.discriminators.map((d) => d.name));
    for (const parameter of operation.parameters.filter((p) => p.in === 'query' && !routing.has(p.name))) {
      const bad = invalidParameterValue((parameter.schema ?? {}) as Schema);
      if (bad === undefined) continue;
      add(`bad-query:${parameter.name}`, `with ?${parameter.name}=${String(bad)} ${answers}`, planner.template(operation, 'api-key', { query: { [parameter.name]: bad } }), invalid, { sends: 'refused' });
      break;
    }
  }
  // A header the path key names as the route's discriminator (decision 056) is not dropped: without it
  // the request is another operation's, and what that one answers says nothing of this one.
  const routing = new Set(routeOf(operation.path, operation.parameters).discriminators.filter((d) => d.in === 'header').map((d) => d.name.toLowerCase()));
  for (const header of operation.parameters.filter((p) => p.in === 'header' && p.required && !isReservedHeader(p) && !routing.has(p.name.toLowerCase()))) {
    const request = valid('api-key');
    const { [header.name]: _dropped, ...rest } = request.headers ?? {};
    request.headers = rest;
    // Where the document gives no answer for a refused request (400, 422, 4XX, default), every refusal breaks status_code_conformance: no server could pass.
    const skipReason = invalid ? undefined : `not sent: the document gives ${where} no answer for a refused request (400, 422, 4XX or default), so no refusal of a missing header could conform to it`;
    add(`missing-header:${header.name}`, `without its required header ${header.name} answers 4xx`, request, ['4XX'], { check: MISSING_REQUIRED_HEADER.name, ...(skipReason ? { skipReason } : {}) });
  }
  if (body !== undefined && operation.responses['415']) {
    add('unsupported-media-type', 'with its JSON body sent as text/plain answers 415', { ...valid('api-key'), contentType: 'text/plain' }, ['415']);
  }
  const reference = unknownReference(planner, operation, body);
  const referenceStatus = unknownReferenceStatus(operation);
  if (reference && referenceStatus) {
    const request = planner.template(operation, 'api-key', { body: reference.value });
    if (request.body) request.body = { value: request.body.value, refs: omit(request.body.refs, reference.field) };
    add(`unknown-reference:${reference.field}`, `with a ${reference.field} that names no record answers ${referenceStatus}`, request, [String(referenceStatus)]);
  }
  const idParameter = addressedItem(operation, [...planner.resources.values()].some((r) => r.create === operation));
  // 404 only where the shared resource model knows the record (the mock answers 404 there; elsewhere it serves the example),
  // and only with an id the parameter allows (none when its enum lists every value it takes).
  const unknown = idParameter ? unknownIdValue((idParameter.schema ?? {}) as Schema) : undefined;
  if (idParameter && unknown !== undefined && documents(operation, '404') && checkedPathParameter(planner.model, operation, planner.index.operations) === idParameter.name) {
    const request = planner.template(operation, 'api-key', { ...(body === undefined ? {} : { body }), path: { [idParameter.name]: { value: unknown } } });
    add('unknown-id', `with an unknown ${idParameter.name} (${String(unknown)}) answers 404`, request, ['404', ...sunsetStatuses(operation)]);
  }
  if (options.readonlyKey && WRITE_METHODS.has(operation.method) && documents(operation, '403')) {
    // The error code is checked only where the document's 403 body has a `code`.
    const code = documentedBodyProperty(operation, 403, 'code') ? 'forbidden' : undefined;
    add('read-only-key', `with the read-only key answers 403${code ? ` ${code}` : ''}`, valid('readonly-key'), ['403'], code ? { expectCode: code } : {});
  }
  cases.push(...unsupportedMethodCases(planner, operation));
  return cases;
}

/**
 * 401, which declaring security documents (INTERFACE.md section 10, RFC 9110 15.5.2), and the
 * other 4xx the document lists where it does not list 401 (some APIs answer 400 or 403 instead).
 */
function noCredentialStatuses(operation: Operation): string[] {
  if (documents(operation, '401')) return ['401'];
  return ['401', ...Object.keys(operation.responses).filter((k) => /^4\d\d$/.test(k))];
}

/**
 * The path parameter naming the item an operation reads, replaces, updates or deletes
 * (`GET /things/{thingId}`), or the parent a nested create adds to (`POST /notes/{key}/comments`).
 * An action below an item (`POST /pet/{petId}/uploadImage`, `GET
 * /tickets/{id}/qr`) or a path segment that picks a dataset (`/{dataset}/{version}/fields`) need
 * not answer 404 for a value the runner made up: a generic mock answers them from examples.
 */
function addressedItem(operation: Operation, nestedCreate: boolean): Operation['parameters'][number] | undefined {
  if (nestedCreate) return operation.parameters.filter((p) => p.in === 'path').at(-1);
  if (!ITEM_METHODS.has(operation.method)) return undefined;
  const last = /\{([^}]+)\}$/.exec(operation.path)?.[1];
  return operation.parameters.find((p) => p.in === 'path' && p.name === last);
}

const ITEM_METHODS = new Set(['get', 'put', 'patch', 'delete']);

/** 400 where documented, else 422, else any 4xx when a range or default allows one; undefined when nothing would. */
function invalidRequestStatuses(operation: Operation): string[] | undefined {
  if (operation.responses['400']) return ['400'];
  if (operation.responses['422']) return ['422'];
  return documents(operation, '400') ? ['4XX'] : undefined;
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
  // A field whose schema names a type first: one with no `type` takes any value, so no value is wrong for it.
  const hasType = ([, schema]: [string, Schema]) => schema.type !== undefined;
  const [typed, typedSchema] =
    properties.find((p) => isRequired(p) && hasType(p) && !isReference(p[0])) ?? properties.find((p) => hasType(p) && !isReference(p[0])) ??
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

/**
 * The body with its first field that refers to a top-level resource's record (`categoryId`) set
 * to an id no record has: the references the mock checks (src/spec/record-references.ts).
 */
function unknownReference(planner: Planner, operation: Operation, body: unknown): { field: string; value: unknown } | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const properties = Object.entries(requestProperties(operation));
  const found = properties.find(([name, schema]) => {
    const resource = resourceFor(planner.resources, name, schema, operation.path);
    return resource !== undefined && isCheckedTarget(asReferenceTarget(resource));
  });
  if (!found) return undefined;
  const [field, schema] = found;
  const unknown = unknownIdValue(schema);
  return unknown === undefined ? undefined : { field, value: { ...(body as object), [field]: unknown } };
}

function omit(record: Readonly<Record<string, string>>, key: string): Record<string, string> {
  const { [key]: _omitted, ...rest } = record;
  return rest;
}
