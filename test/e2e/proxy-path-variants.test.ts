/**
 * Issue 22 item 3: a request to a spelling of a documented path (`/items/`, `/Items`,
 * `/items;x=1`, `/%69tems`, `/items/.`) was forwarded unchecked as undocumented, and an upstream
 * as lenient as Express stored its invalid body. The built CLI in front of an upstream that
 * stores every POST it is sent.
 */
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxyProcess, startUpstream, type ProxyProcess } from '../helpers/proxy-process.js';

const SPEC = fileURLToPath(new URL('../fixtures/proxy/items.yaml', import.meta.url));
const VARIANTS = ['/items/', '/Items', '/ITEMS/', '/items;x=1', '/%69tems', '/items/.', '//items', '/x/../items'];

const stored: string[] = [];
let upstream: Awaited<ReturnType<typeof startUpstream>>;
let proxy: ProxyProcess;
beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      stored.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: stored.length, name: 'stored' }));
    });
  });
  proxy = await startProxyProcess(upstream.url, ['--spec', SPEC, '--quiet']);
});
afterAll(async () => {
  await proxy?.stop();
  await upstream?.close();
});

/** A request with its path exactly as given (fetch would resolve `/items/.` before sending). */
function post(path: string, body: unknown): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(proxy.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'variant-key' } }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('a spelling of a documented path', () => {
  it('gets the documented operation\'s 400 for an invalid body, which never reaches the upstream', async () => {
    const answers = [];
    for (const path of VARIANTS) answers.push([path, (await post(path, { bogus: true })).status]);
    expect(answers).toEqual(VARIANTS.map((path) => [path, 400]));
    expect(stored).toEqual([]);
  });

  it('is forwarded as it came when the body is valid', async () => {
    expect((await post('/Items/', { name: 'Rex' })).status).toBe(201);
    expect(stored).toEqual(['POST /Items/ {"name":"Rex"}']);
  });

  it('is not taken for an operation it only resembles', async () => {
    expect((await post('/itemz', { bogus: true })).status).toBe(201);
    expect(stored.at(-1)).toBe('POST /itemz {"bogus":true}');
  });
});
