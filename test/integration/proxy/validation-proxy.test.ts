/**
 * The validation proxy in front of real servers: the mock (every answer passes unchanged, 0
 * violations), the runner's defective variants of it (each defect reported with its check, and
 * 502 under --strict), a server that is down, a slow one, and one that echoes credentials.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../../src/http/start-mock.js';
import { useResetMock } from '../../helpers/contract-mock.js';
import { startProxy, type RunningProxy } from '../../../src/proxy/proxy-server.js';
import { defectNamed } from '../../helpers/contract-defects.js';
import { startDefectProxy } from '../../helpers/defect-proxy.js';
import { SPEC_FILE } from '../../helpers/petstore-document.js';

const KEY = 'demo-enterprise';
const mock = useResetMock();

async function withProxy<T>(upstream: string, options: { strict?: boolean; timeoutMs?: number }, use: (proxy: RunningProxy) => Promise<T>): Promise<T> {
  const proxy = await startProxy({ upstream, specFile: SPEC_FILE, ...options });
  try {
    return await use(proxy);
  } finally {
    await proxy.close();
  }
}

/** A small end-to-end script, as a frontend's suite would drive the API. */
async function endToEnd(base: string): Promise<Response[]> {
  const json = { 'X-API-Key': KEY, 'Content-Type': 'application/json' };
  const answers: Response[] = [];
  const call = async (path: string, init: RequestInit = {}) => {
    const answer = await fetch(base + path, { ...init, headers: { 'X-API-Key': KEY, ...(init.headers as Record<string, string>) } });
    answers.push(answer);
    return answer;
  };
  await call('/pets?limit=5');
  const created = await call('/pets', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Rex', categoryId: 1, status: 'available' }) });
  const pet = (await created.clone().json()) as { id: number };
  await call(`/pets/${pet.id}`);
  await call(`/pets/${pet.id}`, { method: 'PATCH', headers: json, body: JSON.stringify({ name: 'Rex II' }) });
  await call('/store/orders');
  await call('/pets/999999999');
  await fetch(base + '/pets').then((a) => answers.push(a));
  return answers;
}

describe('the validation proxy', () => {
  it('passes every answer of a correct server through unchanged, with X-Contract-Violations: 0', async () => {
    await withProxy(mock.url, {}, async (proxy) => {
      const direct = await fetch(`${mock.url}/pets/1`, { headers: { 'X-API-Key': KEY, 'X-Mock-Session': 'p1' } });
      const proxied = await fetch(`${proxy.url}/pets/1`, { headers: { 'X-API-Key': KEY, 'X-Mock-Session': 'p1' } });
      expect(proxied.status).toBe(direct.status);
      const text = await proxied.text();
      expect(JSON.parse(text)).toEqual(await direct.json());
      // Read whole, the answer goes on with its length, not re-chunked.
      expect(proxied.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(proxied.headers.get('x-contract-violations')).toBe('0');
      expect(proxied.headers.get('deprecation')).toBe(direct.headers.get('deprecation'));
      const answers = await endToEnd(proxy.url);
      expect(answers.map((a) => a.status)).toEqual([200, 201, 200, 200, 200, 404, 401]);
      expect(answers.map((a) => a.headers.get('x-contract-violations'))).toEqual(Array(7).fill('0'));
      const report = (await (await fetch(`${proxy.url}/__admin/violations`)).json()) as { exchanges: number; violating: number };
      expect(report).toMatchObject({ exchanges: 8, violating: 0 });
    });
  });

  it.each(['wrong-field-type', 'bad-enum', 'missing-required', 'extra-field', 'missing-rate-limit-header', 'undocumented-status', 'missing-location', 'wrong-content-type', 'error-status-mismatch', 'missing-www-authenticate', 'missing-total-count', 'wrong-201'])(
    'names the defect %s with the check that catches it, and answers 502 contract_violation under --strict',
    async (name) => {
      const defect = defectNamed(name);
      const defective = await startDefectProxy(mock.url, defect);
      try {
        await withProxy(defective.url, {}, async (proxy) => {
          const answers = await endToEnd(proxy.url);
          expect(answers.some((a) => Number(a.headers.get('x-contract-violations')) > 0)).toBe(true);
          const report = (await (await fetch(`${proxy.url}/__admin/violations`)).json()) as { violating: number; violations: { failures: { check: string }[] }[] };
          expect(report.violating).toBeGreaterThan(0);
          expect(report.violations.flatMap((v) => v.failures.map((f) => f.check))).toContain(defect.caughtBy);
        });
        await mock.admin.reset();
        await withProxy(defective.url, { strict: true }, async (proxy) => {
          const answers = await endToEnd(proxy.url).catch(() => []);
          const rejected = [];
          for (const a of answers) if (a.status === 502) rejected.push(await a.json());
          expect(rejected.length).toBeGreaterThan(0);
          expect(rejected[0]).toMatchObject({ code: 'contract_violation', status: 502 });
          expect(JSON.stringify(rejected)).toContain(defect.caughtBy);
        });
      } finally {
        await defective.close();
      }
    },
  );

  it("answers an invalid request with the mock's 400 and never forwards it", async () => {
    let seen = 0;
    const counting = await startDefectProxy(mock.url, { name: 'count', caughtBy: '', description: '', onRequest: (r) => ((seen += 1), r) });
    try {
      await withProxy(counting.url, {}, async (proxy) => {
        const bad = await fetch(`${proxy.url}/pets`, { method: 'POST', headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: '', extra: 1 }) });
        expect(bad.status).toBe(400);
        expect(await bad.json()).toMatchObject({ code: 'validation_failed', status: 400 });
        const malformed = await fetch(`${proxy.url}/pets`, { method: 'POST', headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' }, body: '{"name":' });
        expect(malformed.status).toBe(400);
        const wrongType = await fetch(`${proxy.url}/pets`, { method: 'POST', headers: { 'X-API-Key': KEY, 'Content-Type': 'text/plain' }, body: 'Rex' });
        expect(wrongType.status).toBe(415);
        const badQuery = await fetch(`${proxy.url}/pets?limit=0`, { headers: { 'X-API-Key': KEY } });
        expect(badQuery.status).toBe(400);
        expect(seen).toBe(0);
        expect((await fetch(`${proxy.url}/pets?limit=1`, { headers: { 'X-API-Key': KEY } })).status).toBe(200);
        expect(seen).toBe(1);
      });
    } finally {
      await counting.close();
    }
  });

  it('checks a form body as the mock does: a form missing a required field is 400 and never forwarded (Swagger Petstore 3)', async () => {
    const spec = fileURLToPath(new URL('../../fixtures/documents/swagger-petstore-3/openapi.yaml', import.meta.url));
    const petstore3 = await startMock({ specFile: spec, quiet: true });
    let seen = 0;
    const counting = await startDefectProxy(petstore3.url, { name: 'count', caughtBy: '', description: '', onRequest: (r) => ((seen += 1), r) });
    const proxy = await startProxy({ upstream: counting.url, specFile: spec });
    try {
      const form = { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: 'Bearer demo-pro' };
      const bad = await fetch(`${proxy.url}/pet`, { method: 'POST', headers: form, body: 'name=Rex' });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(await bad.json())).toContain('photoUrls');
      expect(seen).toBe(0);
      const good = await fetch(`${proxy.url}/pet`, { method: 'POST', headers: form, body: 'name=Rex&photoUrls=http%3A%2F%2Fx' });
      expect(good.status).toBe(200);
      expect(seen).toBe(1);
    } finally {
      await proxy.close();
      await counting.close();
      await petstore3.close();
    }
  });

  it('refuses a body over the limit with 413 before reading it whole, and the upstream never sees it', async () => {
    await withProxy(mock.url, {}, async (proxy) => {
      const answer = await fetch(`${proxy.url}/pets`, { method: 'POST', headers: { 'X-API-Key': KEY, 'Content-Type': 'application/json' }, body: `{"name":"${'x'.repeat(2 * 1024 * 1024)}"}` });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ code: 'payload_too_large', status: 413 });
    });
  });

  it('answers 502 when the upstream is down and 504 when it does not answer in time', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const downUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((r) => closed.close(() => r()));
    await withProxy(downUrl, {}, async (proxy) => {
      const answer = await fetch(`${proxy.url}/pets`, { headers: { 'X-API-Key': KEY } });
      expect(answer.status).toBe(502);
      expect(await answer.json()).toMatchObject({ code: 'upstream_unavailable', status: 502 });
    });
    const silent: Server = createServer(() => {}); // takes the request, never answers
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      await withProxy(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, { timeoutMs: 300 }, async (proxy) => {
        const answer = await fetch(`${proxy.url}/pets`, { headers: { 'X-API-Key': KEY } });
        expect(answer.status).toBe(504);
        expect(await answer.json()).toMatchObject({ code: 'upstream_timeout', status: 504 });
      });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('passes credentials and cookies to the upstream, and never records them in violations', async () => {
    const secret = 'demo-enterprise';
    const echo = await startDefectProxy(mock.url, {
      name: 'echo',
      caughtBy: '',
      description: '',
      onResponse: (r, req) => ({ ...r, status: 200, headers: { ...r.headers, 'x-echo': req.headers['x-api-key'] ?? '', 'content-type': 'application/json' }, body: JSON.stringify({ key: req.headers['x-api-key'], cookie: req.headers.cookie }) }),
    });
    try {
      await withProxy(echo.url, {}, async (proxy) => {
        const answer = await fetch(`${proxy.url}/pets/1`, { headers: { 'X-API-Key': secret, Cookie: 'sid=cookie-secret-value' } });
        expect(await answer.json()).toEqual({ key: secret, cookie: 'sid=cookie-secret-value' });
        const report = JSON.stringify(proxy.log.heldCases()) + JSON.stringify(await (await fetch(`${proxy.url}/__admin/violations`)).json());
        expect(report).not.toContain(secret);
        expect(report).not.toContain('cookie-secret-value');
        expect(report).toContain('demo…se');
      });
    } finally {
      await echo.close();
    }
  });
});
