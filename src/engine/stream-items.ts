import type { Faker } from '@faker-js/faker';
import { fakeFromSchema } from '../generation/fake-value.js';
import type { MediaType, Schema } from '../spec/openapi.js';

/** The sequential media types an answer is streamed in, item by item (OpenAPI 3.2 section 4.14). */
const SEQUENTIAL = new Set(['text/event-stream', 'application/jsonl', 'application/x-ndjson', 'application/json-seq']);

export function isSequentialType(type: string): boolean {
  return SEQUENTIAL.has(type.split(';', 1)[0]!.trim().toLowerCase());
}

/** What a streamed answer is made of; the mock paces it (src/mock/stream-pacing.ts). */
export interface ItemStream {
  contentType: string;
  /** How many items, and how far apart on the session's clock: 5 and 200 ms unless `Prefer` says otherwise. */
  count: number;
  intervalMs: number;
  /** The frame of item `index` on the wire: an SSE event, a JSON line, an RS-prefixed JSON text. */
  frame(index: number): string;
}

export const STREAM_DEFAULTS = { count: 5, intervalMs: 200 } as const;

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

/** A stream of items generated from the item schema, framed for its media type. */
export function itemStream(type: string, media: MediaType, faker: Faker, subject?: string): ItemStream {
  const schema = itemSchemaOf(media) ?? {};
  const base = type.split(';', 1)[0]!.trim().toLowerCase();
  const value = () => fakeFromSchema(schema, faker, { subject });
  let frame: (index: number) => string;
  if (base === 'text/event-stream') {
    if (describesEvent(schema)) {
      const dataSchema = jsonDataSchema(schema);
      frame = () => {
        const event = value() as Record<string, unknown>;
        if (dataSchema) event.data = JSON.stringify(fakeFromSchema(dataSchema, faker, { subject }));
        return sseFrame(event);
      };
    } else {
      frame = (index) => sseFrame({ id: String(index + 1), data: JSON.stringify(value()) });
    }
  } else if (base === 'application/json-seq') {
    frame = () => `\x1e${JSON.stringify(value())}\n`;
  } else {
    frame = () => `${JSON.stringify(value())}\n`;
  }
  return { contentType: type, ...STREAM_DEFAULTS, frame };
}

/** One server-sent event: its fields in the order a reader expects, `data` split at line ends. */
function sseFrame(event: Record<string, unknown>): string {
  let text = '';
  for (const field of ['id', 'event', 'retry'] as const) {
    const v = event[field];
    if (v !== undefined && v !== null) text += `${field}: ${oneLine(v)}\n`;
  }
  const data = event.data === undefined ? '' : typeof event.data === 'string' ? event.data : JSON.stringify(event.data);
  for (const line of data.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

function oneLine(value: unknown): string {
  return String(value).replace(/[\r\n]/g, ' ');
}
