import type { Ajv } from 'ajv';
import { escapePointer } from '../spec/parse-document-text.js';
import type { MediaType, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { formatErrors } from '../validation/format-errors.js';

/** Why a documented example breaks its own schema (`/id must be integer`), or undefined when it fits. */
export type ExampleCheck = (schema: Schema, value: unknown) => string | undefined;

/** Checks examples with the document's ajv (compiled once per schema: ajv caches by schema object). */
export function exampleCheck(ajv: Ajv): ExampleCheck {
  return (schema, value) => {
    let validate;
    try {
      validate = ajv.compile(schema as object);
    } catch {
      return undefined; // a schema that cannot compile is named elsewhere; the example is not the problem
    }
    if (validate(value)) return undefined;
    const [first] = formatErrors('', validate.errors);
    return first ? `${first.path || '/'} ${first.message}` : 'it does not match';
  };
}

/** Where the example `documentedExample` takes for a media type is written, as a JSON pointer. */
export function examplePointer(operation: Operation, status: string, type: string, media: MediaType): string {
  const base = `#/paths/${escapePointer(operation.path)}/${operation.method}/responses/${escapePointer(status)}/content/${escapePointer(type)}`;
  const named = Object.entries((media.examples ?? {}) as Record<string, { value?: unknown }>).find(([, e]) => e && 'value' in e);
  if (named) return `${base}/examples/${escapePointer(named[0])}/value`;
  if (media.example !== undefined) return `${base}/example`;
  return `${base}/schema/example`;
}
