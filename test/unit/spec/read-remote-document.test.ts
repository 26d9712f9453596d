import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readRemoteDocument } from '../../../src/spec/read-remote-document.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/big') res.writeHead(200).end('x'.repeat(2048));
    else if (req.url === '/chunked') {
      res.writeHead(200);
      res.write('x'.repeat(800));
      res.end('y'.repeat(800));
    } else if (req.url === '/silent') res.writeHead(200).write('a'); // never ends
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

it('refuses a file larger than the bound, declared or streamed', async () => {
  await expect(readRemoteDocument(`${base}/big`, 1024)).rejects.toThrow(`${base}/big: is larger than`);
  await expect(readRemoteDocument(`${base}/chunked`, 1024)).rejects.toThrow(`${base}/chunked: is larger than`);
  expect((await readRemoteDocument(`${base}/chunked`, 4096)).length).toBe(1600);
});

it('refuses a file that does not arrive in time, and a status other than 2xx', async () => {
  await expect(readRemoteDocument(`${base}/silent`, 1024, 200)).rejects.toThrow(`${base}/silent: did not arrive within 0.2 s`);
  await expect(readRemoteDocument(`${base}/missing`)).rejects.toThrow('answered 404; a remote $ref must answer 2xx');
});
