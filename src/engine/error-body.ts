import type { Faker } from '@faker-js/faker';
import type { ErrorBody, ErrorDetail } from '../core/errors.js';
import { fakeFromSchema } from '../generation/fake-value.js';
import { assertNoRef, mergeAllOf, type MergedSchema } from '../generation/merge-all-of.js';
import type { Response, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { chooseMedia, isJsonType, responseFor } from './documented-responses.js';

/** An error answer in the document's own shape: the body, and its media type when not `application/json`. */
export interface ShapedError {
  body: unknown;
  contentType?: string;
  /** The error's reason where the body's shape has no place for it (`Mock-Error-Reason`). */
  headers?: Record<string, string>;
}

type Shaper = (error: ErrorBody, faker: Faker) => ShapedError;

/** The error bodies of one document, in its own shape (INTERFACE.md sections 10 and 15, "One error shape"). */
export interface ErrorShapes {
  /**
   * The body of a rejected request: the operation's documented response for that status (or its
   * range, or `default`) with the error's code, message, status and details in the fields named
   * for them and any other required field generated; where the operation documents nothing for
   * the status (a 429, a 415, a route that matches no operation), the document's usual 4xx
   * answer (the one most of its 4xx responses use), so one mock never answers in two shapes.
   * Undefined when the document has no error answer at all: the caller answers section 6's Error.
   * A schema section 6's Error already fits (the Petstore's) gets that Error as it is.
   */
  shape(operation: Operation | undefined, error: ErrorBody, faker: Faker): ShapedError | undefined;
}

export function errorShapes(operations: readonly Operation[]): ErrorShapes {
  const usual = usualErrorResponse(operations);
  const shapers = new Map<Response, Shaper>();
  const borrowed = usual && compileShaper(usual, true);
  const shaperOf = (response: Response) => {
    let shaper = shapers.get(response);
    if (!shaper) shapers.set(response, (shaper = compileShaper(response, false)));
    return shaper;
  };
  return {
    shape(operation, error, faker) {
      const response = operation && responseFor(operation, error.status);
      if (response) return shaperOf(response)(error, faker);
      return borrowed?.(error, faker);
    },
  };
}

/**
 * The response most of the document's 4xx answers share (by schema), else most of its `default`
 * answers: what its authors mean an error to look like. Only answers with a JSON schema count.
 */
function usualErrorResponse(operations: readonly Operation[]): Response | undefined {
  for (const wanted of [(code: string) => /^4(\d\d|xx)$/i.test(code), (code: string) => code === 'default']) {
    const counts = new Map<unknown, { response: Response; count: number }>();
    for (const operation of operations) {
      for (const [code, response] of Object.entries(operation.responses)) {
        if (!wanted(code)) continue;
        const chosen = chooseMedia(response.content);
        const schema = chosen && isJsonType(chosen.type) ? chosen.media.schema : undefined;
        if (!schema) continue;
        const seen = counts.get(schema);
        if (seen) seen.count++;
        else counts.set(schema, { response, count: 1 });
      }
    }
    let best: { response: Response; count: number } | undefined;
    for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry;
    if (best) return best.response;
  }
  return undefined;
}

const PLAIN: Shaper = (error) => ({ body: error });

/**
 * `borrowed`: the response is another status's (the usual error): an enum its fields carry for
 * that status (`code: {enum: [validation_failed]}`, `status: {enum: [400]}`) does not hold here,
 * so the error's own code and status are written as they are.
 */
function compileShaper(response: Response, borrowed: boolean): Shaper {
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
  const open = allowsOtherProperties(schema);
  return (error, faker) => {
    const body = filled(schema!, properties, error, faker, borrowed);
    return { body, contentType, ...withReason(body, error, open) };
  };
}

/** The header that carries an error's reason when the document's error shape has no field for it. */
export const REASON_HEADER = 'Mock-Error-Reason';

/**
 * Keeps the error's reason (its message, and the details that say which field is wrong) where the
 * document's shape drops it (Lago's `{status, error}` said only `validation_failed`): in `message`
 * and `details` fields when the schema allows other properties, else in a header.
 */
function withReason(body: Record<string, unknown>, error: ErrorBody, open: boolean): { headers?: Record<string, string> } {
  const reason = error.details?.length ? `${error.message}: ${error.details.map((d) => `${d.path} ${d.message}`).join('; ')}` : error.message;
  if (Object.values(body).some((value) => value === error.message || (typeof value === 'string' && value.includes(reason)))) return {};
  if (open && !Object.hasOwn(body, 'message')) {
    body.message = error.message;
    if (error.details?.length && !Object.hasOwn(body, 'details')) body.details = error.details;
    return {};
  }
  return { headers: { [REASON_HEADER]: headerText(reason) } };
}

/** Header values are Latin-1 without control characters: anything else is written as a JSON escape. */
function headerText(text: string): string {
  const ascii = text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return ascii.length > 1000 ? `${ascii.slice(0, 997)}...` : ascii;
}

/**
 * Whether a `message` string (and `details` array) may be added: other properties allowed, and
 * of any value. An `additionalProperties` schema (`{type: object}`, Slack's error answers) would
 * be broken by a string: the reason goes in the header then.
 */
function allowsOtherProperties(schema: MergedSchema): boolean {
  const closed = (schema as { unevaluatedProperties?: unknown }).unevaluatedProperties === false;
  const extra = schema.additionalProperties;
  const anyValue = extra === undefined || extra === true || (typeof extra === 'object' && Object.keys(extra).length === 0);
  return anyValue && !closed && schema.maxProperties === undefined;
}

const SECTION_SIX = new Set(['code', 'message', 'status', 'details']);

function fitsSectionSix(schema: MergedSchema): boolean {
  const properties = schema.properties as Record<string, Schema>;
  const names = Object.keys(properties);
  if (!names.every((n) => SECTION_SIX.has(n)) || !['code', 'message', 'status'].every((n) => names.includes(n))) return false;
  return assertNoRef(properties.code!).type === 'string' && assertNoRef(properties.status!).type === 'integer';
}

function filled(schema: MergedSchema, properties: Record<string, Schema>, error: ErrorBody, faker: Faker, borrowed: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set(schema.required ?? []);
  for (const [name, raw] of Object.entries(properties)) {
    const property = mergeAllOf(assertNoRef(raw));
    let value = valueFor(name.toLowerCase(), borrowed ? withoutEnum(property) : property, error, faker);
    if (value === undefined && required.has(name)) value = fakeFromSchema(raw, faker);
    if (value !== undefined) out[name] = value;
  }
  // Required but not declared (decision 093): any value is allowed; the error's, where the name is one of its fields.
  for (const name of required) {
    if (Object.hasOwn(out, name)) continue;
    const value = valueFor(name.toLowerCase(), {} as MergedSchema, error, faker);
    out[name] = typeof value === 'string' || typeof value === 'number' ? value : faker.lorem.word();
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
  if (name === 'type' && property.type === 'string') {
    if (property.format?.startsWith('uri')) return 'about:blank';
    // Another format (`url` wants a scheme such as https): a value of that format, not the code.
    return property.format ? fakeFromSchema(property, faker) : fromEnum(property, error.code);
  }
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

/** The property without its enum, typed by the enum's values when it gives no type. */
function withoutEnum(property: MergedSchema): MergedSchema {
  const options = property.enum as unknown[] | undefined;
  if (!options) return property;
  const { enum: _enum, ...rest } = property;
  if (rest.type === undefined && options.length > 0) rest.type = typeof options[0] === 'number' ? 'integer' : 'string';
  return rest as MergedSchema;
}

function fromEnum(property: MergedSchema, value: string): string {
  const options = property.enum as unknown[] | undefined;
  if (!options || options.includes(value)) return value;
  return String(options.find((o) => typeof o === 'string') ?? value);
}

function fakeOr(schema: MergedSchema, message: string, faker: Faker): unknown {
  return schema.type === 'string' && !schema.enum && !schema.pattern && !schema.format ? message : fakeFromSchema(schema, faker);
}
