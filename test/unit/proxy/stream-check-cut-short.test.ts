/**
 * A compressed stream cut short by the client: the bytes already passed on are still judged. zlib
 * works beside the event loop, so the client can have read an item (and gone) before the
 * decompressor has given it to the checks; the old code dropped those bytes unread (a CI run saw
 * the bad item of proxy/compressed-stream missed under load). Here the client goes away in the
 * same tick as the last chunk is written: every time, before zlib has answered.
 */
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Exchange, Failure } from '../../../src/contract/events.js';
import { createSchemaRegistry } from '../../../src/contract/schema-registry.js';
import { passStreamChecked } from '../../../src/proxy/stream-check.js';
import { loadDocument } from '../../../src/spec/load-document.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';

const TICKER = fileURLToPath(new URL('../../fixtures/oas32/ticker-3.2.yaml', import.meta.url));
const quote = (seq: number, symbol: string) => `event: quote\nid: ${seq}\ndata: ${JSON.stringify({ symbol, price: 10 + seq, seq })}\n\n`;

/** What the proxy's answer to the client needs here: writes taken, then the client goes away. */
class ClientAnswer extends EventEmitter {
  written: Buffer[] = [];
  write(chunk: Buffer): boolean {
    this.written.push(chunk);
    return true;
  }
  end(): void {}
  destroy(): void {}
}

describe('a compressed stream cut short', () => {
  it('still judges the items whose bytes went to the client before it left', async () => {
    const loaded = await loadDocument(TICKER);
    const index = buildOperationIndex(loaded.document, TICKER);
    const operation = index.byId('streamQuotes')!;
    const schemas = createSchemaRegistry(index.operations);
    // One gzip member flushed after each event, never finished: what a live upstream sends.
    const events = [quote(0, 'ACME'), quote(1, 'GLOBEX'), quote(2, 'NOPE')].join('');
    const compressed = gzipSync(events, { finishFlush: constants.Z_SYNC_FLUSH });
    const exchange: Exchange = {
      request: { method: 'GET', url: 'http://127.0.0.1:1/quotes/stream', headers: {} },
      response: { status: 200, headers: { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' }, body: undefined, text: '' },
      durationMs: 0,
    };
    const rest = new PassThrough();
    const res = new ClientAnswer();
    const failures = new Promise<Failure[]>((resolve) => passStreamChecked(rest, res as unknown as ServerResponse, exchange, operation, schemas, Date.now(), resolve));
    rest.write(compressed);
    await new Promise((resolve) => setImmediate(resolve));
    expect(Buffer.concat(res.written)).toEqual(compressed);
    res.emit('close');
    const found = await failures;
    expect(found.map((f) => f.message).join('\n')).toMatch(/item 2: /);
    expect(found.map((f) => f.message).join('\n')).not.toMatch(/item [01]: |cannot be decompressed/);
  });
});
