/**
 * Issue 22, the proxy's low items: `/__admin/violations` answered any Host, and a slow-drip
 * upstream held a request far past `--timeout` (each chunk came within it); an unasked
 * `100 Continue` from the upstream gave 502. The built CLI.
 */
import { fileURLToPath } from 'node:url';
import { request } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyProcess, startUpstream, type ProxyProcess } from '../helpers/proxy-process.js';

const SPEC = fileURLToPath(new URL('../fixtures/proxy/items.yaml', import.meta.url));
const DRIP_MS = 8_000;

const drips = new Set<NodeJS.Timeout>();
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: ProxyProcess;
beforeAll(async () => {
  // `/items` drips its answer, a byte every 250 ms for 8 s: each byte well within the timeout.
  upstream = await startUpstream((req, res) => {
    if (req.url !== '/items') return void res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    res.writeHead(200, { 'content-type': 'application/json' }).write('[');
    const started = performance.now();
    const drip = setInterval(() => {
      if (performance.now() - started < DRIP_MS) return void res.write(' ');
      clearInterval(drip);
      res.end(']');
    }, 250);
    drips.add(drip);
    res.on('close', () => clearInterval(drip));
  });
  proxy = await startProxyProcess(upstream.url, ['--spec', SPEC, '--timeout', '1', '--quiet']);
});
afterAll(async () => {
  for (const drip of drips) clearInterval(drip);
  await proxy?.stop();
  await upstream?.close();
});

function getViolations(headers: Record<string, string>): Promise<number> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: '/__admin/violations', headers }, (res) => (res.resume(), resolve(res.statusCode!)));
    req.on('error', reject);
    req.end();
  });
}

describe('the proxy', () => {
  it('answers /__admin/violations to this machine only, as the mock gates /__admin', async () => {
    expect(await getViolations({ host: new URL(proxy.url).host })).toBe(200);
    expect(await getViolations({ host: `localhost:${new URL(proxy.url).port}` })).toBe(200);
    expect(await getViolations({ host: 'evil.example' })).toBe(403);
    expect(await getViolations({ host: new URL(proxy.url).host, origin: 'http://evil.example' })).toBe(403);
    expect(await getViolations({ host: new URL(proxy.url).host, origin: 'http://127.0.0.1:3000' })).toBe(200);
  });

  it('bounds the whole answer by --timeout: an upstream dripping a byte at a time gets 504', async () => {
    const started = performance.now();
    const res = await fetch(`${proxy.url}/items`);
    const body = await res.json();
    const seconds = (performance.now() - started) / 1000;
    console.log(`slow-drip upstream under --timeout 1: ${res.status} after ${seconds.toFixed(1)} s`);
    expect(res.status).toBe(504);
    expect(body).toMatchObject({ code: 'upstream_timeout' });
    expect(seconds).toBeLessThan(DRIP_MS / 1000);
    // The pool is fine afterwards: the next request is answered.
    expect((await fetch(`${proxy.url}/items/1`)).status).toBe(200);
  });
});

describe('an upstream that sends 100 Continue unasked', () => {
  it('has its final answer forwarded, the 100 passed over, on a fresh and on a kept-alive connection', async () => {
    const body = '[{"id":1,"name":"after a hundred"}]';
    // Raw bytes: node:http would not send a 100 nobody asked for. Two interim answers, the first split in two writes.
    const raw = createNetServer((socket) => {
      let seen = '';
      socket.on('data', (d) => {
        seen += d;
        if (!seen.includes('\r\n\r\n')) return;
        seen = '';
        socket.write('HTTP/1.1 10');
        socket.write('0 Continue\r\n\r\nHTTP/1.1 100 Continue\r\nX-Note: interim\r\n\r\n');
        socket.write(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    const continuing = await startProxyProcess(`http://127.0.0.1:${(raw.address() as AddressInfo).port}`, ['--spec', SPEC, '--quiet']);
    try {
      for (let n = 0; n < 2; n++) {
        const res = await fetch(`${continuing.url}/items`);
        expect(res.status).toBe(200);
        expect(await res.text()).toBe(body);
        expect(res.headers.get('x-contract-violations')).toBe('0');
      }
    } finally {
      await continuing.stop();
      raw.close();
    }
  });
});
