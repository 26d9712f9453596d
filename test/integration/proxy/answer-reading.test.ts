/**
 * How the proxy reads an upstream's answer (undici dispatch callbacks, decision 033), against a
 * plain node:http upstream: an answer past the check limit streams through byte for byte (paused
 * and resumed along the way), a gzip answer is checked decompressed and passed on compressed, a
 * 103 Early Hints is skipped for the final answer, HEAD has no body, and an upstream that breaks
 * off mid-answer is a 502.
 */
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Upstream } from '../../../src/proxy/forward.js';
import { startProxy, type RunningProxy } from '../../../src/proxy/proxy-server.js';
import { SPEC_FILE } from '../../helpers/petstore-document.js';

const KEY = 'demo-enterprise';
const pets = (n: number) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1, status: 'available' })));
const BIG = Buffer.from(pets(20_000)); // about 1.2 MB, far past the 4 KB check limit below

let upstream: Server;
let proxy: RunningProxy;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    if (req.url === '/pets?limit=100') {
      res.writeHead(200, { 'content-type': 'application/json' });
      // In 64 KB pieces, each after the last is taken: the proxy must pass on every one.
      let at = 0;
      const next = () => {
        while (at < BIG.length) {
          const piece = BIG.subarray(at, (at += 64 * 1024));
          if (!res.write(piece)) return void res.once('drain', next);
        }
        res.end();
      };
      return next();
    }
    if (req.url === '/pets/1') {
      const body = JSON.stringify({ id: 1, name: 'Tweety', categoryId: 'four', status: 'available' });
      if (req.method === 'HEAD') return void res.writeHead(200, { 'content-type': 'application/json' }).end();
      res.writeEarlyHints({ link: '</style.css>; rel=preload' });
      const gzipped = gzipSync(body);
      return void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': gzipped.length }).end(gzipped);
    }
    if (req.url === '/pets/2') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 1000 });
      res.write('{"id":2,');
      return void setImmediate(() => res.destroy());
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  proxy = await startProxy({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, specFile: SPEC_FILE, answerCheckLimit: 4096 });
});

afterAll(async () => {
  await proxy.close();
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
});

/** A raw exchange through the proxy: the bytes as sent, never decompressed. */
function raw(method: string, path: string): Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${proxy.url}${path}`, { method, headers: { 'x-api-key': KEY } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c)).once('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) })).once('error', reject);
    });
    req.once('error', reject).end();
  });
}

describe('the proxy reading answers', () => {
  it('streams an answer past the check limit through byte for byte, its status and headers still checked', async () => {
    const answer = await raw('GET', '/pets?limit=100');
    expect(answer.status).toBe(200);
    expect(answer.bytes.equals(BIG)).toBe(true);
    // Headers the document requires are still missing; the body went on unread, so no body-schema.
    expect(Number(answer.headers['x-contract-violations'])).toBeGreaterThan(0);
    const mine = proxy.log.violations().violations.filter((v) => v.path === '/pets');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.failures.map((f) => f.check)).not.toContain('response_schema_conformance');
  });

  it('checks a gzip answer decompressed, passes it on compressed, and skips a 103 for the final answer', async () => {
    const answer = await raw('GET', '/pets/1');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(answer.bytes).toString('utf8'))).toMatchObject({ categoryId: 'four' });
    const last = proxy.log.violations().violations.filter((v) => v.path === '/pets/1').at(-1);
    expect(last?.failures).toContainEqual(expect.objectContaining({ check: 'response_schema_conformance', location: '$.categoryId' }));
  });

  it('answers HEAD with no body', async () => {
    const answer = await raw('HEAD', '/pets/1');
    expect(answer.status).toBe(200);
    expect(answer.bytes.length).toBe(0);
  });

  it('stops reading an upstream whose answer nobody takes yet, and passes on all of it once taken', async () => {
    const piece = Buffer.alloc(64 * 1024, 'x');
    const pieces = 256; // 16 MB: more than the kernel buffers between the two can hold
    let stalled!: () => void;
    const stall = new Promise<void>((r) => (stalled = r));
    const slowReader = createServer((_req, res) => {
      let sent = 0;
      const next = () => {
        while (sent < pieces) {
          sent += 1;
          if (!res.write(piece)) return void (stalled(), res.once('drain', next));
        }
        res.end();
      };
      next();
    });
    await new Promise<void>((r) => slowReader.listen(0, '127.0.0.1', r));
    const client = new Upstream(new URL(`http://127.0.0.1:${(slowReader.address() as AddressInfo).port}`), 10_000);
    try {
      const answer = await client.forward({ method: 'GET', target: '/big', headers: {}, body: undefined }, 1024);
      expect(answer.body.whole).toBe(false);
      if (answer.body.whole) return;
      await stall; // the upstream is held back while nobody reads the rest
      let size = answer.body.head.reduce((n, c) => n + c.length, 0);
      for await (const chunk of answer.body.rest) size += (chunk as Buffer).length;
      expect(size).toBe(piece.length * pieces);
    } finally {
      await client.close();
      slowReader.closeAllConnections();
      await new Promise<void>((r) => slowReader.close(() => r()));
    }
  });

  it('answers 502 when the upstream breaks off in the middle of its answer', async () => {
    const answer = await raw('GET', '/pets/2');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.bytes.toString())).toMatchObject({ code: 'upstream_unavailable', status: 502 });
  });
});
