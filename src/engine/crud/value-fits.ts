import { resolveSchema } from '../../spec/cyclic-refs.js';
import { mergeAllOf, type MergedSchema } from '../../spec/merge-all-of.js';
import type { Schema } from '../../spec/openapi.js';

const FORMATS: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  email: /^[^@\s]+@[^@\s]+$/,
};

const INT32 = 2 ** 31;

/** Below this depth a stored value is taken as fitting: a quick check, not a validator. */
const MAX_DEPTH = 8;

/**
 * Whether a stored value (often what a client sent) can stand in an answer of `schema`: its JSON
 * type, enum, const, common formats and integer formats, and, all the way down, array items and
 * objects' required and declared properties, a oneOf/anyOf branch. Documents often describe
 * requests and answers by different schemas (a request's `items: [{fee_id}]`, an answer's
 * `items` of full item objects): a value that only matched at the top was echoed into answers
 * that broke their own schema (issue 20, class 4).
 */
export function valueFits(schema: Schema | undefined, value: unknown, depth = 0): boolean {
  if (schema === undefined || depth > MAX_DEPTH) return true;
  let own: MergedSchema;
  try {
    own = mergeAllOf(resolveSchema(schema));
  } catch {
    return true; // a schema the merge cannot fold is judged elsewhere
  }
  if (value === null) return own.nullable === true || typeList(own).includes('null') || (own.type === undefined && !own.oneOf && !own.anyOf && !own.enum);
  if (own.enum && !own.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) return false;
  if ('const' in own && JSON.stringify((own as { const: unknown }).const) !== JSON.stringify(value)) return false;
  const types = typeList(own);
  if (types.length > 0 && !types.some((t) => typeFits(value, t))) return false;
  if (typeof value === 'string' && own.format && FORMATS[own.format] && !FORMATS[own.format]!.test(value)) return false;
  if (typeof value === 'number' && own.format === 'int32' && (value < -INT32 || value >= INT32)) return false;
  const branches = (own.oneOf ?? own.anyOf) as Schema[] | undefined;
  if (branches && branches.length > 0 && !branches.some((b) => valueFits(b, value, depth + 1))) return false;
  if (Array.isArray(value)) return own.items === undefined || value.every((item) => valueFits(own.items, item, depth + 1));
  if (typeof value === 'object') {
    const fields = value as Record<string, unknown>;
    if ((own.required ?? []).some((name) => fields[name] === undefined)) return false;
    const properties = (own.properties ?? {}) as Record<string, Schema>;
    return Object.entries(fields).every(([name, field]) => !Object.hasOwn(properties, name) || valueFits(properties[name], field, depth + 1));
  }
  return true;
}

function typeList(schema: Schema): string[] {
  return schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
}

function typeFits(value: unknown, type: string): boolean {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return typeof value === type;
  }
}
