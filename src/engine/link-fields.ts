import type { OpenAPIV3 } from 'openapi-types';
import type { Response, Schema } from '../spec/openapi.js';

/**
 * The answer schema with every field a link of the response reads (`$response.body#/a/b`)
 * required along its path, so generated answers always carry what a client following the link
 * needs (issue 20, class 13: an optional `email` left out made every linked case unrunnable).
 * The schema as it is when no link reads into the body.
 */
export function withLinkedFieldsRequired(schema: Schema, response: Response): Schema {
  const pointers = linkedBodyPointers(response);
  if (pointers.length === 0) return schema;
  let result = schema;
  for (const pointer of pointers) result = requireAlong(result, pointer, 0);
  return result;
}

function linkedBodyPointers(response: Response): string[][] {
  const pointers: string[][] = [];
  for (const link of Object.values((response as OpenAPIV3.ResponseObject).links ?? {})) {
    const object = link as OpenAPIV3.LinkObject;
    for (const value of Object.values(object.parameters ?? {})) {
      if (typeof value !== 'string') continue;
      for (const match of value.matchAll(/\$response\.body#((?:\/[^/{}\s]*)+)/g)) {
        pointers.push(match[1]!.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')));
      }
    }
  }
  return pointers;
}

/** A copy of `schema` (only along the path) requiring `path[at]`, and so on down. */
function requireAlong(schema: Schema, path: string[], at: number): Schema {
  const name = path[at];
  if (name === undefined || typeof schema !== 'object' || schema === null) return schema;
  if (schema.type === 'array' || /^\d+$/.test(name)) {
    const items = (schema as { items?: Schema }).items;
    if (!items || typeof items !== 'object') return schema;
    const minItems = Math.max(schema.minItems ?? 0, /^\d+$/.test(name) ? Number(name) + 1 : 0);
    return { ...schema, minItems, items: requireAlong(items, path, /^\d+$/.test(name) ? at + 1 : at) } as Schema;
  }
  const property = schema.properties?.[name] as Schema | undefined;
  if (!property) return schema;
  const required = schema.required?.includes(name) ? schema.required : [...(schema.required ?? []), name];
  return { ...schema, required, properties: { ...schema.properties, [name]: requireAlong(property, path, at + 1) } };
}
