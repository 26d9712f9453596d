import type { Faker } from '@faker-js/faker';
import type { ErrorBody, ErrorDetail } from '../core/errors.js';
import { fakeFromSchema } from '../generation/fake-value.js';
import { assertNoRef, mergeAllOf, type MergedSchema } from '../generation/merge-all-of.js';
import type { Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { chooseMedia, isJsonType, responseFor } from './documented-responses.js';

/** An error answer in the document's own shape: the body, and its media type when not `application/json`. */
export interface ShapedError {
  body: unknown;
  contentType?: string;
}

type Shaper = (error: ErrorBody, faker: Faker) => ShapedError;
const shapers = new WeakMap<Operation, Map<number, Shaper | undefined>>();

/**
 * The body of a rejected request (INTERFACE.md section 10, "Errors in the document's own
 * shape"): the operation's documented response for that status (or its range, or `default`),
 * with the error's code, message, status and details in the fields named for them and any
 * other required field generated. Undefined when the operation documents nothing for the
 * status: the caller answers section 6's Error. A documented schema that section 6's Error
 * already fits (the Petstore's) gets that Error as it is.
 */
export function shapeError(operation: Operation, error: ErrorBody, faker: Faker): ShapedError | undefined {
  let byStatus = shapers.get(operation);
  if (!byStatus) shapers.set(operation, (byStatus = new Map()));
  if (!byStatus.has(error.status)) byStatus.set(error.status, compileShaper(operation, error.status));
  return byStatus.get(error.status)?.(error, faker);
}

const PLAIN: Shaper = (error) => ({ body: error });

function compileShaper(operation: Operation, status: number): Shaper | undefined {
  const response = responseFor(operation, status);
  if (!response) return undefined;
  const chosen = chooseMedia(response.content);
  if (!chosen) return () => ({ body: undefined });
  const contentType = chosen.type === 'application/json' || chosen.type === '*/*' ? undefined : chosen.type;
  const raw = chosen.media.schema as Schema | undefined;
  let schema: MergedSchema | undefined;
  try {
    schema = raw ? mergeAllOf(assertNoRef(raw)) : undefined;
  } catch {
    schema = undefined;
  }
  if (!isJsonType(chosen.type)) return (error) => ({ body: error.message, contentType });
  if (!schema?.properties) return schema ? (error, faker) => ({ body: fakeOr(schema!, error.message, faker), contentType }) : (error) => ({ body: error, contentType });
  const properties = schema.properties as Record<string, Schema>;
  if (fitsSectionSix(schema) && contentType === undefined) return PLAIN;
  return (error, faker) => ({ body: filled(schema!, properties, error, faker), contentType });
}

const SECTION_SIX = new Set(['code', 'message', 'status', 'details']);

function fitsSectionSix(schema: MergedSchema): boolean {
  const properties = schema.properties as Record<string, Schema>;
  const names = Object.keys(properties);
  if (!names.every((n) => SECTION_SIX.has(n)) || !['code', 'message', 'status'].every((n) => names.includes(n))) return false;
  return assertNoRef(properties.code!).type === 'string' && assertNoRef(properties.status!).type === 'integer';
}

function filled(schema: MergedSchema, properties: Record<string, Schema>, error: ErrorBody, faker: Faker): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, raw] of Object.entries(properties)) {
    const property = mergeAllOf(assertNoRef(raw));
    let value = valueFor(name.toLowerCase(), property, error, faker);
    if (value === undefined && required.has(name)) value = fakeFromSchema(raw, faker);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function valueFor(name: string, property: MergedSchema, error: ErrorBody, faker: Faker): unknown {
  const numeric = property.type === 'integer' || property.type === 'number';
  if (['status', 'statuscode', 'status_code', 'httpstatus', 'http_status'].includes(name)) return numeric ? error.status : property.type === 'string' ? String(error.status) : undefined;
  if (['code', 'error', 'error_code', 'errorcode', 'reason'].includes(name)) {
    if (numeric) return error.status;
    if (property.type === 'string' || property.type === undefined) return fromEnum(property, error.code);
    return undefined;
  }
  if (['message', 'detail', 'error_description', 'description', 'title', 'msg'].includes(name)) return property.type === 'string' || property.type === undefined ? error.message : undefined;
  if (name === 'type' && property.type === 'string') return property.format?.startsWith('uri') ? 'about:blank' : fromEnum(property, error.code);
  if (['details', 'errors', 'violations', 'invalid_params', 'invalidparams'].includes(name) && property.type === 'array') {
    return error.details ? error.details.map((d) => detailOf(property.items as Schema | undefined, d, faker)) : undefined;
  }
  return undefined;
}

function detailOf(items: Schema | undefined, detail: ErrorDetail, faker: Faker): unknown {
  const schema = items ? mergeAllOf(assertNoRef(items)) : undefined;
  if (!schema?.properties) return `${detail.path} ${detail.message}`;
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, raw] of Object.entries(schema.properties as Record<string, Schema>)) {
    const key = name.toLowerCase();
    let value: unknown;
    if (['path', 'field', 'pointer', 'name', 'loc', 'location', 'param', 'parameter', 'source'].includes(key) && assertNoRef(raw).type === 'string') value = detail.path;
    else if (['message', 'msg', 'detail', 'description', 'reason'].includes(key) && assertNoRef(raw).type === 'string') value = detail.message;
    if (value === undefined && required.has(name)) value = fakeFromSchema(raw, faker);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

function fromEnum(property: MergedSchema, value: string): string {
  const options = property.enum as unknown[] | undefined;
  if (!options || options.includes(value)) return value;
  return String(options.find((o) => typeof o === 'string') ?? value);
}

function fakeOr(schema: MergedSchema, message: string, faker: Faker): unknown {
  return schema.type === 'string' && !schema.enum && !schema.pattern && !schema.format ? message : fakeFromSchema(schema, faker);
}
