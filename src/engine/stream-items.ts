import type { Faker } from '@faker-js/faker';
import { fakeFromSchema } from '../generation/fake-value.js';
import type { MediaType, Schema } from '../spec/openapi.js';
import { describesEvent, itemSchemaOf, jsonDataSchema } from '../spec/sequential-media.js';

export { isSequentialType, itemSchemaOf } from '../spec/sequential-media.js';

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
