import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the defective server does wrong on GET /quotes/stream (ticker-3.2.yaml's SSE operation). */
export type StreamDefect = 'none' | 'bad-item' | 'broken-frame' | 'endless' | 'silent';

export interface DefectiveStreamServer {
  url: string;
  defect: StreamDefect;
  /** How many events it wrote before the reader went away, per request. */
  written: number[];
  close(): Promise<void>;
}

const quote = (seq: number, symbol = 'ACME') => `event: quote\nid: ${seq}\ndata: ${JSON.stringify({ symbol, price: 10 + seq, seq })}\n\n`;

/**
 * A server that streams ticker quotes with one defect: item 2 with a symbol the enum lacks, item
 * 1 a frame no SSE reader knows (`dta:`), an endless stream of good events (each written when the
 * reader has taken the last), or a stream that sends one event and then nothing, never ending.
 */
export async function startDefectiveStreamServer(defect: StreamDefect): Promise<DefectiveStreamServer> {
  const written: number[] = [];
  const open = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    if (!req.url?.startsWith('/quotes/stream')) {
      res.writeHead(404).end();
      return;
    }
    const slot = written.push(0) - 1;
    open.add(res);
    res.on('close', () => open.delete(res));
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const write = (text: string) => {
      written[slot]!++;
      return res.write(text);
    };
    if (defect === 'endless') {
      let seq = 0;
      const more = () => {
        while (!res.destroyed && write(quote(seq++)));
        if (!res.destroyed) res.once('drain', more);
      };
      more();
      return;
    }
    write(quote(0));
    if (defect === 'silent') return;
    if (defect === 'broken-frame') write(`event: quote\ndta: ${JSON.stringify({ symbol: 'ACME', price: 1, seq: 1 })}\n\n`);
    else write(quote(1));
    write(defect === 'bad-item' ? quote(2, 'NOPE') : quote(2));
    res.end(quote(3));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    defect,
    written,
    close: () => {
      for (const res of open) res.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
