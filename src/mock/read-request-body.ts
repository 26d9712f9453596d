import type { Ajv, ValidateFunction } from 'ajv';
import { ApiError } from '../core/errors.js';
import type { Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { formatErrors } from '../validation/format-errors.js';
import type { MockRequest } from './mock-request.js';
import { hasBody, parseJson, readJsonBody, readRaw, unsupported } from './read-json-body.js';
import { parseForm, parseMultipart } from './form-body.js';
import { parseXmlBody } from './xml-body.js';

export type BodyReader = (request: MockRequest, limit: number) => Promise<unknown>;

/**
 * A body read in a media type other than `application/json`, already checked against that media
 * type's schema here: the request validator (which knows only JSON bodies) checks the rest of
 * the request without it.
 */
export class CheckedBody {
  constructor(readonly value: unknown) {}
}

/**
 * The request body reader of one operation, made once. An operation that documents only
 * `application/json` (or no body) keeps the JSON reader; otherwise a body in any documented
 * media type (wildcards such as `image/*` included) is read: the JSON family as JSON, forms and
 * XML as objects (values converted by the schema's types; xml-body.ts), text as a string,
 * anything else as bytes; and, except bytes, checked against that media type's schema (JSON
 * bodies of `application/json` are checked by the request validator). A media type the operation
 * does not document is 415.
 */
export function compileBodyReader(operation: Operation, ajv: Ajv): BodyReader {
  const content = operation.requestBody?.content ?? {};
  const types = Object.keys(content);
  if (types.every((t) => base(t) === 'application/json')) return readJsonBody;
  const validators = new Map<string, ValidateFunction | undefined>();
  return async (request, limit) => {
    if (!hasBody(request)) return undefined;
    const header = request.headers['content-type'];
    const documented = typeof header === 'string' ? types.find((t) => covers(t, base(header))) : undefined;
    if (documented === undefined) throw unsupported(`one of ${types.join(', ')}`, header);
    const raw = await readRaw(request, limit);
    if (raw.length === 0) return undefined;
    const media = content[documented]!;
    const body = parse(base(header as string), header as string, raw, media.schema as Schema | undefined);
    if (documented === 'application/json') return body;
    if (!(body instanceof Uint8Array)) {
      if (!validators.has(documented)) validators.set(documented, media.schema ? ajv.compile(media.schema) : undefined);
      const validate = validators.get(documented);
      if (validate && !validate(body)) {
        const details = formatErrors('/body', validate.errors);
        throw new ApiError('validation_failed', `The request does not match the document: ${details[0]?.path ?? '/body'} ${details[0]?.message ?? 'is invalid'}`, { details });
      }
    }
    return new CheckedBody(body);
  };
}

const utf8 = new TextDecoder('utf-8');

function parse(type: string, header: string, raw: Uint8Array, schema: Schema | undefined): unknown {
  if (type === 'application/json' || type.endsWith('+json')) return parseJson(raw);
  if (type === 'application/x-www-form-urlencoded') return parseForm(utf8.decode(raw), schema);
  if (type === 'multipart/form-data') return parseMultipart(raw, header, schema);
  if (isXml(type)) return parseXmlBody(utf8.decode(raw), schema);
  if (type.startsWith('text/')) return utf8.decode(raw);
  return raw;
}

function isXml(type: string): boolean {
  return type.endsWith('/xml') || type.endsWith('+xml');
}

function base(type: string): string {
  return type.split(';', 1)[0]!.trim().toLowerCase();
}

/** A documented media type (`application/json`, `image/*`, `*\/*`) covers the request's. */
function covers(documented: string, type: string): boolean {
  const d = base(documented);
  if (d === type || d === '*/*') return true;
  return d.endsWith('/*') && type.startsWith(d.slice(0, -1));
}

