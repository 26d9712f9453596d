import type { Readable, Transform } from 'node:stream';
import type { Zlib } from 'node:zlib';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
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
 * naming its item's index, for the violation log: the headers left long before. A compressed
 * answer (gzip, deflate, br) goes on as it came and is decompressed beside, as it comes, for the checks.
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
  const report = () => {
    feed.flush();
    if (failing > failures.length) failures.push({ check: 'stream-items', message: `and ${failing - failures.length} more items that do not match`, location: 'items' });
    done(failures);
  };
  const encoding = String(exchange.response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const inflate = decompressor(encoding);
  const read = (chunk: Buffer) => feed.push(decoder.decode(chunk, { stream: true }));
  inflate?.on('data', read);
  inflate?.once('error', (err) => {
    // The items cannot be read past a broken compressed stream; it still goes on as it came.
    failures.push({ check: 'stream-items', message: `the ${encoding} stream cannot be decompressed: ${err.message}`, location: 'items' });
    inflate.removeAllListeners('data');
  });
  /**
   * `ended`: the whole stream came, so its last compressed bytes are read to the end. Cut short, the
   * bytes already passed on are still decompressed (zlib works beside, so the client may have read
   * an item the checks have not yet seen): flushed, then the decompressor is dropped unfinished.
   */
  const finish = (ended: boolean) => {
    if (finished) return;
    finished = true;
    if (!inflate || inflate.destroyed || inflate.errored) return report();
    if (!ended) {
      let reported = false;
      const drop = () => {
        if (reported) return;
        reported = true;
        inflate.removeAllListeners('data');
        inflate.destroy();
        report();
      };
      inflate.removeAllListeners('error');
      inflate.once('error', drop);
      inflate.flush(drop);
      return;
    }
    inflate.once('end', report);
    inflate.once('error', report);
    inflate.end();
  };
  rest.on('data', (chunk: Buffer) => {
    if (inflate) {
      if (!inflate.errored) inflate.write(chunk);
    } else read(chunk);
    if (!res.write(chunk)) {
      rest.pause();
      res.once('drain', () => rest.resume());
    }
  });
  rest.once('end', () => {
    res.end();
    finish(true);
  });
  rest.once('error', () => {
    res.destroy();
    finish(false);
  });
  res.once('close', () => {
    if (!rest.readableEnded) rest.destroy();
    finish(rest.readableEnded);
  });
  rest.resume();
}

/** A decompressor of the answer's Content-Encoding, or undefined for none (or one it does not know: read as is). */
function decompressor(encoding: string): (Transform & Zlib) | undefined {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return undefined;
}
