import type { MediaType, Schema } from './openapi.js';
import type { Operation } from './operation-index.js';

/**
 * The operation as its requests see it: a `readOnly` property is the server's, so it is never
 * required of a client (OpenAPI 3.0, "Fixed Fields" of the Schema Object), even where the
 * schema shared with the answers lists it as required. The same operation when its request
 * schemas have no `readOnly` property.
 */
export function requestView(operation: Operation): Operation {
  const content = operation.requestBody?.content;
  if (!content || !Object.values(content).some((m) => hasReadOnly(m.schema as Schema | undefined, new Set()))) return operation;
  const views = new Map<Schema, Schema>();
  const viewed: Record<string, MediaType> = {};
  for (const [type, media] of Object.entries(content)) viewed[type] = media.schema ? { ...media, schema: view(media.schema as Schema, views) } : media;
  return { ...operation, requestBody: { ...operation.requestBody!, content: viewed } };
}

function hasReadOnly(schema: Schema | undefined, seen: Set<Schema>): boolean {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return false;
  seen.add(schema);
  if (schema.readOnly) return true;
  return children(schema).some((child) => hasReadOnly(child, seen));
}

function view(schema: Schema, views: Map<Schema, Schema>): Schema {
  const done = views.get(schema);
  if (done) return done;
  const out: Schema = { ...schema };
  views.set(schema, out);
  if (schema.properties) {
    const properties: Record<string, Schema> = {};
    for (const [name, property] of Object.entries(schema.properties as Record<string, Schema>)) properties[name] = view(property, views);
    out.properties = properties;
    if (schema.required) {
      const required = schema.required.filter((name) => !(schema.properties![name] as Schema | undefined)?.readOnly);
      if (required.length > 0) out.required = required;
      else delete out.required;
    }
  }
  if ('items' in schema && schema.items) (out as { items: Schema }).items = view(schema.items as Schema, views);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) if (schema[key]) out[key] = (schema[key] as Schema[]).map((s) => view(s, views));
  return out;
}

function children(schema: Schema): Schema[] {
  return [
    ...Object.values((schema.properties ?? {}) as Record<string, Schema>),
    ...('items' in schema && schema.items ? [schema.items as Schema] : []),
    ...((schema.allOf ?? []) as Schema[]),
    ...((schema.oneOf ?? []) as Schema[]),
    ...((schema.anyOf ?? []) as Schema[]),
  ];
}
