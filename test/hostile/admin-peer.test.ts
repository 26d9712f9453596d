/**
 * The control API without --admin-token answers this machine only, judged by the connection's
 * peer address and not only by headers a client writes (issue 22 item 8: from another machine,
 * `Host: 127.0.0.1` reached /__admin of `mock --host 0.0.0.0` and of the README's Express example
 * bound to every interface). The other machine is a network namespace (test/helpers/network-namespace.ts).
 */
import { createServer, request, type Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petstoreMock } from '../../src/adapters/express/index.js';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';
import { createOtherMachine, type OtherMachine } from '../helpers/network-namespace.js';
import { startProxyProcess, type ProxyProcess } from '../helpers/proxy-process.js';

let other: OtherMachine;
let cli: MockProcess;
let withToken: MockProcess;
let app: Server;
let proxy: ProxyProcess;

const portOf = (url: string) => Number(new URL(url).port);
/** A GET from this machine with the Host header given (fetch does not let a caller set Host). */
const statusFromHere = (url: string, host: string) =>
  new Promise<number>((resolve, reject) => request(url, { headers: { Host: host } }, (res) => resolve(res.resume().statusCode!)).on('error', reject).end());

beforeAll(async () => {
  other = await createOtherMachine();
  [cli, withToken] = await Promise.all([startMockProcess(['--host', '0.0.0.0']), startMockProcess(['--host', '0.0.0.0', '--admin-token', 'admin-secret-token'])]);
  // The README's Express example, bound to every interface as app.listen(3000) is.
  const site = express();
  site.use('/api', petstoreMock({ seed: 1 }));
  app = createServer(site);
  await new Promise<void>((resolve) => app.listen(0, '0.0.0.0', resolve));
  // The validation proxy bound to every interface, in front of the mock.
  proxy = await startProxyProcess(cli.url, ['--host', '0.0.0.0']);
}, 60_000);

afterAll(async () => {
  await Promise.all([proxy?.stop(), cli?.stop(), withToken?.stop(), new Promise((r) => app?.close(r))]);
  await other?.remove();
});

describe('/__admin reached from another machine', () => {
  it('answers 403 to `mock --host 0.0.0.0` however loopback the Host and Origin claim to be, and changes nothing', async () => {
    const port = portOf(cli.url);
    const base = `http://${other.hostAddress}:${port}`;
    for (const host of ['127.0.0.1', `127.0.0.1:${port}`, 'localhost', `[::1]:${port}`]) {
      const refused = await other.curl(['-X', 'POST', '-H', `Host: ${host}`, '-H', 'Origin: http://localhost:3000', '-H', 'Content-Type: application/json', '-d', '{"set":"2030-01-01T00:00:00Z"}', `${base}/__admin/clock`]);
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'forbidden' });
    }
    expect((await other.curl(['-X', 'POST', '-H', 'Host: 127.0.0.1', `${base}/__admin/reset`])).status).toBe(403);
    expect((await fetch(`http://127.0.0.1:${port}/__admin/clock`).then((r) => r.json() as Promise<{ now: string }>)).now).not.toMatch(/^2030/);
    // The API itself stays reachable from there: only the control API is this machine's.
    expect((await other.curl(['-H', 'X-API-Key: demo-pro', `${base}/pets?limit=1`])).status).toBe(200);
  });

  it('answers the same machine, by loopback or by its own address on that interface', async () => {
    const port = portOf(cli.url);
    expect((await fetch(`http://127.0.0.1:${port}/__admin/clock`)).status).toBe(200);
    expect(await statusFromHere(`http://${other.hostAddress}:${port}/__admin/clock`, `127.0.0.1:${port}`)).toBe(200);
  });

  it('answers another machine holding the admin token (the way to reach it from elsewhere)', async () => {
    const base = `http://${other.hostAddress}:${portOf(withToken.url)}`;
    expect((await other.curl([`${base}/__admin/clock`])).status).toBe(401);
    expect((await other.curl(['-H', 'Authorization: Bearer admin-secret-token', `${base}/__admin/clock`])).status).toBe(200);
  });

  it('answers 403 under the Express middleware of an app bound to every interface', async () => {
    const port = (app.address() as { port: number }).port;
    const refused = await other.curl(['-X', 'POST', '-H', `Host: localhost:${port}`, `http://${other.hostAddress}:${port}/api/__admin/reset`]);
    expect(refused.status).toBe(403);
    expect((await fetch(`http://127.0.0.1:${port}/api/__admin/clock`)).status).toBe(200);
  });

  it("answers 403 to the proxy's violations from another machine, and 200 to this one", async () => {
    const port = portOf(proxy.url);
    const refused = await other.curl(['-H', `Host: 127.0.0.1:${port}`, `http://${other.hostAddress}:${port}/__admin/violations`]);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ code: 'forbidden' });
    expect((await fetch(`http://127.0.0.1:${port}/__admin/violations`)).status).toBe(200);
    expect(await statusFromHere(`http://${other.hostAddress}:${port}/__admin/violations`, `127.0.0.1:${port}`)).toBe(200);
  });
});
