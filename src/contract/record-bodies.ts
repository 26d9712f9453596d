import type { Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { unwrapRecord, wrapperNames, wrapperProperty } from '../spec/record-wrapper.js';
import { documentedResponse, jsonContent } from './documented-response.js';
import { requestSchema } from './sample-value.js';

/**
 * The records in an operation's bodies, looking inside a wrapper (`{article: {...}}`) where the
 * document wraps them (src/spec/record-wrapper.ts, decision 034).
 */

/** The schema of the answer for a status (JSON), when documented. */
export function answerSchema(operation: Operation, status: number): Schema | undefined {
  const documented = documentedResponse(operation, status);
  return documented ? jsonContent(documented.response.content)?.schema : undefined;
}

/** The property an answer of this status wraps its record in, if it does. */
export function answerWrapper(operation: Operation, status: number): string | undefined {
  return wrapperProperty(answerSchema(operation, status), wrapperNames(operation.path));
}

/** The property the request body wraps its record in, if it does. */
export function requestWrapper(operation: Operation): string | undefined {
  return wrapperProperty(requestSchema(operation), wrapperNames(operation.path));
}

/** The record an answer carries: inside its wrapper where the document wraps it. */
export function answeredRecord(operation: Operation, status: number, body: unknown): unknown {
  return unwrapRecord(body, answerWrapper(operation, status));
}

/** The record a request sends: inside its wrapper where the document wraps it. */
export function sentRecord(operation: Operation, body: unknown): unknown {
  return unwrapRecord(body, requestWrapper(operation));
}

/** The record schema inside a wrapper schema, else the schema itself. */
export function recordSchemaOf(schema: Schema | undefined, path: string): Schema | undefined {
  const property = wrapperProperty(schema, wrapperNames(path));
  return property ? (schema!.properties![property] as Schema) : schema;
}

/**
 * Whether a reader's answer can show what a write gave: `shown` names every property of `given`
 * (both objects), or both are the same non-object schema. A GET that lists (`{data: [...]}`)
 * cannot show what a PATCH of `{topics: [...]}` answered; tictactoe's GET of one square cannot
 * show the PUT's answer (the whole board), only the mark it sent.
 */
export function canShow(shown: Schema | undefined, given: Schema | undefined): boolean {
  if (!shown || !given) return false;
  if (shown === given) return true;
  const shownProps = propertiesOf(shown);
  const givenProps = propertiesOf(given);
  if (shownProps && givenProps) return Object.keys(givenProps).every((name) => name in shownProps);
  if (shownProps || givenProps) return false;
  try {
    return JSON.stringify(shown) === JSON.stringify(given);
  } catch {
    return false; // a cyclic schema: not the same one
  }
}

/** The properties of an object schema, those of its `allOf` branches included. */
/** The properties a read's answer can show for its record (inside its wrapper), when its schema names them. */
export function shownProperties(reader: Operation, status: number): ReadonlyMap<string, unknown> | undefined {
  const schema = recordSchemaOf(answerSchema(reader, status), reader.path);
  const properties = schema ? propertiesOf(schema) : undefined;
  return properties ? new Map(Object.entries(properties)) : undefined;
}

function propertiesOf(schema: Schema, depth = 0): Record<string, unknown> | undefined {
  if (depth > 8) return undefined;
  const branches = (schema.allOf ?? []).map((b) => propertiesOf(b as Schema, depth + 1)).filter((p) => p !== undefined);
  if (!schema.properties && branches.length === 0) return undefined;
  return Object.assign({}, ...branches, schema.properties);
}
