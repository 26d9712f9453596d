/**
 * The proxy checks a gzip-compressed SSE answer item by item: it passes the compressed bytes on as
 * they come and decompresses them beside, as they come, for the checks. The upstream here flushes
 * each event and never ends its stream, so only items read before the client goes away can be
 * judged: nothing waits for the whole answer. A real proxy process and a real upstream socket.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { constants, createGzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyProcess, type ProxyProcess } from '../../helpers/proxy-process.js';

const TICKER = fileURLToPath(new URL('../../fixtures/oas32/ticker-3.2.yaml', import.meta.url));
const quote = (seq: number, symbol: string) => `event: quote\nid: ${seq}\ndata: ${JSON.stringify({ symbol, price: 10 + seq, seq })}\n\n`;

describe('the proxy checks a compressed stream', () => {
  let upstream: Server;
  let proxy: ProxyProcess;
  const open = new Set<ServerResponse>();
  beforeAll(async () => {
    upstream = createServer((_req, res) => {
      open.add(res);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip', 'cache-control': 'no-cache' });
      const gzip = createGzip();
      gzip.pipe(res);
      res.on('close', () => gzip.destroy());
      // Items 0 and 1 are good, item 2 names a symbol the enum lacks; each is flushed as it is written. Then nothing, for ever.
      for (const [seq, symbol] of [[0, 'ACME'], [1, 'GLOBEX'], [2, 'NOPE']] as const) {
        gzip.write(quote(seq, symbol));
        gzip.flush(constants.Z_SYNC_FLUSH);
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    proxy = await startProxyProcess(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, ['--spec', TICKER]);
  }, 60_000);
  afterAll(async () => {
    await proxy?.stop();
    for (const res of open) res.destroy();
    upstream.close();
  });

  it('names the bad item by its index while the stream is still open, the bytes passed on compressed', async () => {
    const res = await fetch(`${proxy.url}/quotes/stream`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses what the proxy passed on: the three events arrive before any end.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while ((text.match(/^event: quote$/gm) ?? []).length < 3) text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text).toContain('"symbol":"NOPE"');
    await reader.cancel();
    await expect.poll(async () => JSON.stringify(await (await fetch(`${proxy.url}/__admin/violations`)).json()), { timeout: 10_000 }).toMatch(/item 2: /);
    const log = JSON.stringify(await (await fetch(`${proxy.url}/__admin/violations`)).json());
    expect(log).not.toMatch(/item [01]: /);
    expect(log).not.toMatch(/cannot be decompressed/);
  }, 60_000);
});
