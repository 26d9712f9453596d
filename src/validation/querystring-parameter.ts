import type { Ajv, ValidateFunction } from 'ajv';
import type { ErrorDetail } from '../core/errors.js';
import { decodedOrAsIs } from '../core/decode-uri.js';
import type { MediaType, Parameter, Schema } from '../spec/openapi.js';
import { formatErrors } from './format-errors.js';
import { convert } from './typed-text.js';

/** What OpenAPI 3.2 adds to a Parameter Object: `in: querystring`, the whole query string as one value. */
export type QuerystringParameter = Parameter & { in: 'querystring'; content?: Record<string, MediaType> };

export type QuerystringCheck = (query: string, details: ErrorDetail[]) => { name: string; value: unknown } | undefined;

/**
 * The check of an operation's `in: querystring` parameter (at most one; the 3.2 schema forbids it
 * beside `in: query` ones): the query string read as its one media type, then validated. A form
 * (`application/x-www-form-urlencoded`) becomes an object whose values are typed by their property's
 * schema; JSON is parsed once percent-decoded; any other type is the decoded text.
 */
export function compileQuerystring(parameters: readonly Parameter[], ajv: Ajv): QuerystringCheck | undefined {
  const parameter = parameters.find((p) => (p.in as string) === 'querystring') as QuerystringParameter | undefined;
  if (!parameter) return undefined;
  const [type, media] = Object.entries(parameter.content ?? {})[0] ?? ['application/x-www-form-urlencoded', {}];
  const schema = (media.schema ?? {}) as Schema;
  const validate: ValidateFunction = ajv.compile(schema);
  const where = `/querystring/${parameter.name}`;
  return (query, details) => {
    if (query === '') {
      if (parameter.required) details.push({ path: where, message: 'is required (the query string is empty)' });
      return undefined;
    }
    const value = readQuerystring(query, type, schema);
    if (value === INVALID) {
      details.push({ path: where, message: `is not ${type}` });
      return undefined;
    }
    if (!validate(value)) details.push(...formatErrors(where, validate.errors));
    return { name: parameter.name, value };
  };
}

const INVALID = Symbol('invalid');

/** The query string as a value of its media type; shared with the runner, which writes one. */
export function readQuerystring(query: string, type: string, schema: Schema): unknown {
  const base = type.split(';', 1)[0]!.trim().toLowerCase();
  if (base === 'application/x-www-form-urlencoded') {
    const form: Record<string, unknown> = {};
    const search = new URLSearchParams(query);
    for (const name of new Set(search.keys())) {
      const property = (schema.properties?.[name] ?? {}) as Schema;
      const all = search.getAll(name);
      form[name] = property.type === 'array' ? all.map((v) => convert(v, (property.items ?? {}) as Schema)) : convert(all.at(-1)!, property);
    }
    return form;
  }
  const text = decodedOrAsIs(query);
  if (base === 'application/json' || base.endsWith('+json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return INVALID;
    }
  }
  return text;
}
