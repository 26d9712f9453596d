/** Network faults on real sockets: what a client sees is a reset, an empty reply, a broken chunk, a slow body. */
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';

const T0 = Date.parse('2026-11-22T10:00:30.000Z');

/** One raw HTTP/1.1 exchange on a fresh socket: every byte the server sent, and how the socket ended. */
function rawExchange(url: string, path: string, headers: Record<string, string> = {}): Promise<{ bytes: string; ended: 'end' | string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => {
      const lines = Object.entries({ Host: `${hostname}:${port}`, 'X-API-Key': 'demo-enterprise', ...headers }).map(([n, v]) => `${n}: ${v}\r\n`);
      socket.write(`GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`);
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => resolve({ bytes: Buffer.concat(chunks).toString(), ended: error.code ?? error.message }));
    socket.on('end', () => resolve({ bytes: Buffer.concat(chunks).toString(), ended: 'end' }));
  });
}

/** node:http's own client: the error it raises, or the answer. */
function nodeGet(url: string, path: string): Promise<{ error?: NodeJS.ErrnoException; status?: number; body?: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(`${url}${path}`, { headers: { 'X-API-Key': 'demo-enterprise' } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('error', (error) => resolve({ error, status: res.statusCode }));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', (error) => resolve({ error }));
    req.end();
  });
}

describe('network faults', () => {
  let clock: ManualClock;
  let mock: RunningMock;
  const fault = async (body: unknown) => {
    const res = await fetch(`${mock.url}/__admin/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  beforeAll(async () => {
    clock = new ManualClock(T0);
    mock = await startMock({ clock, quiet: true });
  });
  afterAll(() => mock.close());

  it('reset: the client sees ECONNRESET, and the next request is answered', async () => {
    expect((await fault({ type: 'reset', path: '/pets/{petId}', times: 1 })).status).toBe(201);
    const seen = await rawExchange(mock.url, '/pets/1');
    expect(seen).toEqual({ bytes: '', ended: 'ECONNRESET' });
    expect((await nodeGet(mock.url, '/pets/1')).status).toBe(200);
  });

  it('reset through fetch: the request fails with the reset as its cause', async () => {
    await fault({ type: 'reset', method: 'GET', path: '/pets', times: 1 });
    const failed = await fetch(`${mock.url}/pets`, { headers: { 'X-API-Key': 'demo-enterprise' } }).catch((error: Error & { cause?: NodeJS.ErrnoException }) => error);
    expect(failed).toBeInstanceOf(TypeError);
    expect((failed as Error & { cause?: NodeJS.ErrnoException }).cause?.code).toBe('ECONNRESET');
  });

  it('empty: the connection closes with no byte of an answer', async () => {
    await fault({ type: 'empty', path: '/pets/1', times: 1 });
    expect(await rawExchange(mock.url, '/pets/1')).toEqual({ bytes: '', ended: 'end' });
    const got = await nodeGet(mock.url, '/pets/1');
    expect(got.status).toBe(200);
  });

  it('malformed: the head of a real answer, then a chunk size that is not hexadecimal', async () => {
    await fault({ type: 'malformed', path: '/pets/{petId}', times: 2 });
    const seen = await rawExchange(mock.url, '/pets/1');
    expect(seen.ended).toBe('end');
    expect(seen.bytes).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(seen.bytes).toMatch(/\r\nTransfer-Encoding: chunked\r\n/i);
    expect(seen.bytes).toMatch(/\r\n\r\n8\r\n\{"id":1,\r\nzz-not-a-chunk-size\r\n$/);
    const client = await nodeGet(mock.url, '/pets/1');
    expect(client.error?.code).toMatch(/HPE_INVALID_CHUNK_SIZE|HPE_CHUNK_EXTENSIONS_OVERFLOW|ERR_/);
  });

  it('drip: the answer arrives in pieces as the clock moves over ms, whole and valid at the end', async () => {
    const whole = await nodeGet(mock.url, '/pets/2');
    await fault({ type: 'drip', ms: 1000, path: '/pets/2', times: 1 });
    let received = '';
    let status = 0;
    const done = new Promise<void>((resolve) => {
      httpRequest(`${mock.url}/pets/2`, { headers: { 'X-API-Key': 'demo-enterprise' } }, (res) => {
        status = res.statusCode ?? 0;
        res.on('data', (c) => (received += c));
        res.on('end', () => resolve());
      }).end();
    });
    await clock.sleeping();
    expect(received).toBe('');
    for (let i = 1; i < 10; i++) {
      clock.advance(0.1);
      await clock.sleeping();
    }
    expect(received.length).toBeLessThan(whole.body!.length);
    clock.advance(0.1);
    await done;
    expect(status).toBe(200);
    expect(JSON.parse(received)).toEqual(JSON.parse(whole.body!));
  });

  it('the journal names the fault each request met', async () => {
    const journal = (await (await fetch(`${mock.url}/__admin/requests`)).json()) as { path: string; status: number; network?: string }[];
    const faulted = journal.filter((line) => line.network).map((line) => [line.path, line.status, line.network]);
    expect(faulted).toEqual([
      ['/pets/1', 0, 'reset'],
      ['/pets', 0, 'reset'],
      ['/pets/1', 0, 'empty'],
      ['/pets/1', 200, 'malformed'],
      ['/pets/1', 200, 'malformed'],
      ['/pets/2', 200, 'drip'],
    ]);
  });

  it('refuses a network fault it cannot use, naming the field', async () => {
    expect((await fault({ type: 'explode', times: 1 })).body.message).toMatch(/type must be one of status, reset, empty, malformed, drip/);
    expect((await fault({ type: 'drip', times: 1 })).body.message).toMatch(/ms must be an integer from 1 to 60000/);
    expect((await fault({ type: 'reset', times: 1, status: 500 })).body.message).toMatch(/unknown field\(s\) for a reset fault: status/);
    expect((await fault({ type: 'status', times: 1, status: 503 })).body).toEqual({ times: 1, status: 503 });
    await fetch(`${mock.url}/__admin/faults`, { method: 'DELETE' });
  });
});
