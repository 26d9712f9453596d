import { setupServer } from 'msw/node';
import express from 'express';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers, type MockHandlers } from '../../../src/adapters/msw/index.js';
import { createMiddleware } from '../../../src/adapters/express/index.js';
import { ManualClock } from '../../../src/core/clock.js';
import { expectHeldFor } from '../../helpers/held-answer.js';

const BASE = 'https://petstore.test/v1';
const START = Date.parse('2027-03-01T12:00:00Z');
const KEY = { 'X-API-Key': 'demo-pro' };

describe('latency in the MSW handlers', () => {
  const clock = new ManualClock(START);
  let mock: MockHandlers;
  let server: ReturnType<typeof setupServer>;
  beforeAll(async () => {
    mock = await createHandlers({ baseUrl: BASE, seed: 1, clock });
    server = setupServer(...mock.handlers);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());

  it('controls.addLatency holds matching answers on the clock; clearLatency lifts it; a bad one throws', async () => {
    expect(mock.controls.addLatency({ path: '/pets', distribution: 'fixed', ms: 300 })).toEqual({ path: '/pets', distribution: 'fixed', ms: 300 });
    expect((await expectHeldFor(clock, 300, () => fetch(`${BASE}/pets`, { headers: KEY }))).status).toBe(200);
    mock.controls.clearLatency();
    expect((await fetch(`${BASE}/pets`, { headers: KEY })).status).toBe(200);
    expect(() => mock.controls.addLatency({ distribution: 'fixed', ms: -1 })).toThrow(/addLatency: ms must be an integer from 0 to 60000/);
  });

  it('Prefer: delay=MS waits too', async () => {
    expect((await expectHeldFor(clock, 1000, () => fetch(`${BASE}/pets/1`, { headers: { ...KEY, Prefer: 'delay=1000' } }))).status).toBe(200);
  });
});

describe('latency in the Express middleware', () => {
  const clock = new ManualClock(START);
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.use('/api', createMiddleware({ seed: 1, clock }));
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('<mount>/__admin/latency sets a latency the mounted mock waits on the clock', async () => {
    const set = await fetch(`${url}/__admin/latency`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ distribution: 'uniform', min: 100, max: 100 }) });
    expect(set.status).toBe(201);
    expect((await expectHeldFor(clock, 100, () => fetch(`${url}/pets`, { headers: KEY }))).status).toBe(200);
  });
});
