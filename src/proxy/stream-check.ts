import type { Readable } from 'node:stream';
import type { ServerResponse } from 'node:http';
import { streamItems } from '../contract/checks/stream-items.js';
import type { Exchange, Failure, StreamItem } from '../contract/events.js';
import type { SchemaRegistry } from '../contract/schema-registry.js';
import { framer } from '../contract/stream-body.js';
import type { Operation } from '../spec/operation-index.js';

/** Failures kept per streamed answer; past them the items are still passed on, only counted. */
const MAX_FAILURES = 20;

/**
 * Passes a streamed answer on chunk by chunk as it comes (paused while the client is slow) and
 * checks each item as it is complete, with the runner's `stream-items` check; no item is kept
 * once checked. When the stream ends (or the client goes away), `done` gets the failures, each
 * naming its item's index, for the violation log: the headers left long before.
 */
export function passStreamChecked(rest: Readable, res: ServerResponse, exchange: Exchange, operation: Operation, schemas: SchemaRegistry, receivedAt: number, done: (failures: Failure[]) => void): void {
  const type = exchange.response.headers['content-type'] ?? '';
  const failures: Failure[] = [];
  let index = 0;
  let failing = 0;
  const feed = framer(type, (item) => {
    const one: StreamItem = { index: index++, ...item };
    const found = streamItems({ ...exchange, response: { ...exchange.response, stream: { type, items: [one], end: 'ended', bytes: 0 } } }, operation, { schemas, receivedAt });
    if (found.length === 0) return;
    failing++;
    if (failures.length < MAX_FAILURES) failures.push(...found);
  });
  const decoder = new TextDecoder();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    feed.flush();
    if (failing > failures.length) failures.push({ check: 'stream-items', message: `and ${failing - failures.length} more items that do not match`, location: 'items' });
    done(failures);
  };
  rest.on('data', (chunk: Buffer) => {
    feed.push(decoder.decode(chunk, { stream: true }));
    if (!res.write(chunk)) {
      rest.pause();
      res.once('drain', () => rest.resume());
    }
  });
  rest.once('end', () => {
    res.end();
    finish();
  });
  rest.once('error', () => {
    res.destroy();
    finish();
  });
  res.once('close', () => {
    if (!rest.readableEnded) rest.destroy();
    finish();
  });
  rest.resume();
}
