/**
 * Issue 22, the proxy's low items: `/__admin/violations` answered any Host, and a slow-drip
 * upstream held a request far past `--timeout` (each chunk came within it). The built CLI.
 */
import { fileURLToPath } from 'node:url';
import { request } from 'node:http';
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
