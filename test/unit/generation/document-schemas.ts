import type { OpenAPIV3 } from 'openapi-types';
import type { Document, Header, Parameter, Schema } from '../../../src/spec/openapi.js';
import { HTTP_METHODS } from '../../../src/spec/openapi.js';

/**
 * Every schema a generated value may have to satisfy, from the dereferenced document, named
 * by where it sits: components.schemas, and per operation its response bodies and headers,
 * request bodies and parameters. The dereferenced document shares one object per `$ref`
 * target, so a schema used in many places is listed once, where it is first met.
 */
export function documentSchemas(document: Document): [string, Schema][] {
  const out: [string, Schema][] = [];
  for (const [name, schema] of Object.entries(document.components?.schemas ?? {})) out.push([`#/components/schemas/${name}`, schema as Schema]);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const op = (item as Record<string, OpenAPIV3.OperationObject | undefined> | undefined)?.[method];
      if (!op) continue;
      const where = `${method.toUpperCase()} ${path}`;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        for (const [type, media] of Object.entries((response as { content?: Record<string, { schema?: Schema }> }).content ?? {})) {
          if (media.schema) out.push([`${where} ${status} ${type}`, media.schema]);
        }
        for (const [name, header] of Object.entries((response as { headers?: Record<string, Header> }).headers ?? {})) {
          if (header.schema) out.push([`${where} ${status} header ${name}`, header.schema as Schema]);
        }
      }
      const body = op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
      for (const [type, media] of Object.entries(body?.content ?? {})) if (media.schema) out.push([`${where} body ${type}`, media.schema]);
      for (const parameter of (op.parameters ?? []) as Parameter[]) {
        if (parameter.schema) out.push([`${where} ${parameter.in} ${parameter.name}`, parameter.schema as Schema]);
      }
    }
  }
  const seen = new Set<Schema>();
  return out.filter(([, schema]) => !seen.has(schema) && Boolean(seen.add(schema)));
}
