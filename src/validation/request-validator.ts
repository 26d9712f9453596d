import type { Ajv, ValidateFunction } from 'ajv';
import { ApiError, type ErrorDetail } from '../core/errors.js';
import type { Parameter, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { formatErrors } from './format-errors.js';
import { decodedOrAsIs } from '../core/decode-uri.js';
import { compileQuerystring } from './querystring-parameter.js';
import { convert } from './typed-text.js';

export interface RawRequestParts {
  /** Path parameters as matched (still percent-encoded). */
  pathParams: Readonly<Record<string, string>>;
  /** The query string without `?` ('' when none). */
  query: string;
  /** Lower-cased header names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The parsed JSON body; `undefined` when the request had none. */
  body: unknown;
  /** The Cookie header's pairs, where the caller checks cookie parameters (the mock does); absent: not checked. */
  cookies?: ReadonlyMap<string, string>;
}

export interface ValidRequest {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

export type RequestValidator = (parts: RawRequestParts) => ValidRequest;

interface ParameterGroup {
  params: Parameter[];
  validate: ValidateFunction | undefined;
  defaults: [string, unknown][];
}

const IGNORED_HEADERS: ReadonlySet<string> = new Set(['accept', 'content-type', 'authorization']);

/**
 * Compiles, once, the checks of one operation's path, query, header parameters and body.
 * Parameters arrive as strings and are converted by their schema type first (`'7'` -> 7 for an
 * integer, repeated `status=` values -> an array); a value that does not convert stays a string
 * and fails validation with a clear message. Unknown query parameters are ignored.
 */
export function compileRequestValidator(operation: Operation, ajv: Ajv): RequestValidator {
  const group = (where: Parameter['in']): ParameterGroup => {
    // OpenAPI 3 (Parameter Object, `name`): a header parameter named Accept, Content-Type or
    // Authorization "SHALL be ignored"; HTTP itself governs them (VTEX requires Content-Type on a DELETE).
    const params = operation.parameters.filter((p) => p.in === where && !(where === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase())));
    if (params.length === 0) return { params, validate: undefined, defaults: [] };
    const schema = {
      type: 'object',
      properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
      required: params.filter((p) => p.required).map((p) => p.name),
    };
    const defaults = params
      .filter((p) => (p.schema as Schema | undefined)?.default !== undefined)
      .map((p): [string, unknown] => [p.name, (p.schema as Schema).default]);
    return { params, validate: ajv.compile(schema), defaults };
  };
  const path = group('path');
  const query = group('query');
  const header = group('header');
  const cookie = group('cookie');
  const querystring = compileQuerystring(operation.parameters, ajv);
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  const validateBody = bodySchema ? ajv.compile(bodySchema) : undefined;
  const bodyRequired = operation.requestBody?.required === true;

  return (parts) => {
    const details: ErrorDetail[] = [];
    const pathValues = collect(path, (name) => decodeSegment(parts.pathParams[name]), '/path', details);
    const search = query.params.length > 0 && parts.query !== '' ? new URLSearchParams(parts.query) : undefined;
    const queryValues = collect(query, (name) => search?.getAll(name), '/query', details);
    const whole = querystring?.(parts.query, details);
    if (whole) queryValues[whole.name] = whole.value;
    collect(header, (name) => {
      const v = parts.headers[name.toLowerCase()];
      return v === undefined ? undefined : Array.isArray(v) ? v : [v];
    }, '/header', details);
    const cookies = parts.cookies;
    if (cookies) collect(cookie, (name) => cookies.get(name), '/cookie', details);

    if (validateBody) {
      if (parts.body === undefined) {
        if (bodyRequired) details.push({ path: '/body', message: 'a JSON request body is required' });
      } else if (!validateBody(parts.body)) {
        details.push(...formatErrors('/body', validateBody.errors));
      }
    }
    if (details.length > 0) {
      throw new ApiError('validation_failed', `The request does not match the document: ${details[0]!.path} ${details[0]!.message}`, { details });
    }
    return { path: pathValues, query: queryValues, body: parts.body };
  };
}

function collect(
  group: ParameterGroup,
  read: (name: string) => string | string[] | undefined,
  where: string,
  details: ErrorDetail[],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!group.validate) return values;
  for (const p of group.params) {
    const raw = read(p.name);
    if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) continue;
    const schema = (p.schema ?? {}) as Schema;
    const list = Array.isArray(raw) ? raw : [raw];
    if (schema.type === 'array') {
      const items = (schema.items ?? {}) as Schema;
      values[p.name] = list.map((v) => convert(v, items));
    } else if (list.length > 1) {
      details.push({ path: `${where}/${p.name}`, message: 'must be given once' });
    } else {
      values[p.name] = convert(list[0] as string, schema);
    }
  }
  if (!group.validate(values)) details.push(...formatErrors(where, group.validate.errors));
  for (const [name, value] of group.defaults) if (values[name] === undefined) values[name] = value;
  return values;
}

function decodeSegment(segment: string | undefined): string | undefined {
  // Malformed percent-encoding is left as is: it fails the schema.
  return segment === undefined || !segment.includes('%') ? segment : decodedOrAsIs(segment);
}
