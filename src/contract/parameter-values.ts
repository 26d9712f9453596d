import type { Parameter, Schema } from '../spec/openapi.js';
import { sampleFromSchema } from './sample-value.js';

/** A parameter's value as the document gives it: its example, a named example, its schema's example, default, const or first enum value. */
export function documentedValue(parameter: Parameter): { value: unknown } | undefined {
  if (parameter.example !== undefined) return { value: parameter.example };
  const named = Object.values(parameter.examples ?? {})[0] as { value?: unknown } | undefined;
  if (named?.value !== undefined) return { value: named.value };
  const schema = parameter.schema as (Schema & { const?: unknown }) | undefined;
  if (schema?.example !== undefined) return { value: schema.example };
  if (schema?.default !== undefined) return { value: schema.default };
  if (schema?.const !== undefined) return { value: schema.const };
  if (schema?.enum && schema.enum.length > 0) return { value: schema.enum[0] };
  return undefined;
}

/** A parameter's example, else its schema's, else a value generated from the schema. */
export function parameterExample(parameter: Parameter): unknown {
  return documentedValue(parameter)?.value ?? sentSample((parameter.schema ?? {}) as Schema);
}

/**
 * A value generated for a parameter, with one item where it is an array: an empty array is sent
 * as nothing at all (`status=` for none of `?status=a&status=b`), so a required one would be missing.
 */
function sentSample(schema: Schema): unknown {
  const value = sampleFromSchema(schema);
  if (!Array.isArray(value) || value.length > 0 || schema.type !== 'array' || schema.maxItems === 0) return value;
  return [sampleFromSchema((schema.items ?? {}) as Schema)];
}

/** Headers a client never sets as parameters (OpenAPI 3.0.3 section 4.7.12.1): the runner sets them itself. */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** A header parameter the document may write but OpenAPI says to ignore (Accept, Content-Type, Authorization): no case is made of it. */
export function isReservedHeader(parameter: Parameter): boolean {
  return parameter.in === 'header' && RESERVED_HEADERS.has(parameter.name.toLowerCase());
}

/**
 * The required query, header and cookie parameters of an operation with a value each, and the
 * reasons for those that have none to make (no example and no schema).
 */
export function requiredParameterValues(parameters: readonly Parameter[]): { query: Record<string, unknown>; headers: Record<string, string>; unknown: string[] } {
  const query: Record<string, unknown> = {};
  const headers: Record<string, string> = {};
  const cookies: string[] = [];
  const unknown: string[] = [];
  for (const parameter of parameters) {
    if (!parameter.required || parameter.in === 'path') continue;
    if (isReservedHeader(parameter)) continue;
    if ((parameter.in as string) === 'querystring') {
      const form = querystringForm(parameter);
      if (typeof form === 'string') unknown.push(form);
      else Object.assign(query, form);
      continue;
    }
    const documented = documentedValue(parameter);
    if (!documented && !parameter.schema) {
      unknown.push(`the required ${parameter.in} parameter ${parameter.name} has no example or schema to make a value from`);
      continue;
    }
    const value = documented ? documented.value : sentSample(parameter.schema as Schema);
    if (parameter.in === 'query') query[parameter.name] = value;
    else if (parameter.in === 'header') headers[parameter.name] = String(value);
    else if (parameter.in === 'cookie') cookies.push(`${parameter.name}=${encodeURIComponent(String(value))}`);
  }
  if (cookies.length > 0) headers['cookie'] = cookies.join('; ');
  return { query, headers, unknown };
}

/**
 * An OpenAPI 3.2 `in: querystring` parameter as the fields of the query string it stands for: a
 * form (`application/x-www-form-urlencoded`) is sent field by field; another media type is named
 * as one the runner does not write.
 */
function querystringForm(parameter: Parameter): Record<string, unknown> | string {
  const [type, media] = Object.entries(parameter.content ?? {})[0] ?? [];
  if (type?.split(';', 1)[0]!.trim().toLowerCase() !== 'application/x-www-form-urlencoded') {
    return `the required querystring parameter ${parameter.name} is ${type ?? 'of no media type'}; the runner writes only application/x-www-form-urlencoded ones`;
  }
  const value = documentedValue(parameter)?.value ?? sentSample((media?.schema ?? {}) as Schema);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
