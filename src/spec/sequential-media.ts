import type { MediaType, Schema } from './openapi.js';

/** The sequential media types an answer is streamed in, item by item (OpenAPI 3.2 section 4.14). */
const SEQUENTIAL = new Set(['text/event-stream', 'application/jsonl', 'application/x-ndjson', 'application/json-seq']);

export function isSequentialType(type: string): boolean {
  return SEQUENTIAL.has(type.split(';', 1)[0]!.trim().toLowerCase());
}

/** The schema of one item: 3.2 `itemSchema`, else (3.0/3.1) `schema` read as one item's. */
export function itemSchemaOf(media: MediaType): Schema | undefined {
  return ((media as { itemSchema?: Schema }).itemSchema ?? media.schema) as Schema | undefined;
}

const SSE_FIELDS = new Set(['data', 'event', 'id', 'retry']);

/**
 * Whether an SSE item schema describes the event (`{data, event, id, retry}`, as OpenAPI 3.2
 * writes it) or only what its `data` carries (how 3.0/3.1 documents usually put it): an object
 * schema whose properties are SSE fields, `data` among them, is the event.
 */
export function describesEvent(schema: Schema | undefined): boolean {
  const names = Object.keys(schema?.properties ?? {});
  return names.includes('data') && names.every((n) => SSE_FIELDS.has(n));
}

/** `data`'s JSON schema when the event says its data is JSON (`contentMediaType` + `contentSchema`). */
export function jsonDataSchema(event: Schema | undefined): Schema | undefined {
  const data = event?.properties?.data as (Schema & { contentMediaType?: string; contentSchema?: Schema }) | undefined;
  if (!data?.contentSchema) return undefined;
  const type = (data.contentMediaType ?? 'application/json').toLowerCase();
  return type === 'application/json' || type.endsWith('+json') ? data.contentSchema : undefined;
}
