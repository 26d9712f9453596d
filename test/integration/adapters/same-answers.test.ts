import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../../src/adapters/msw/index.js';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';

const START = Date.parse('2027-03-01T12:00:00Z');
const HANDLED = 'https://petstore.test';
const json = { 'Content-Type': 'application/json' };

/** One request set, in order (state carries from one to the next), covering the pipeline's outcomes. */
const REQUESTS: { method: string; path: string; headers?: Record<string, string>; body?: unknown }[] = [
  { method: 'GET', path: '/pets?limit=3', headers: { 'X-API-Key': 'demo-pro' } },
  { method: 'GET', path: '/pets?limit=2&offset=2&status=available', headers: { 'X-API-Key': 'demo-pro' } },
  { method: 'GET', path: '/pets/1', headers: { 'X-API-Key': 'demo-pro' } },
  { method: 'POST', path: '/pets', headers: { 'X-API-Key': 'demo-pro', ...json }, body: { name: 'Twin', categoryId: 1 } },
  { method: 'GET', path: '/pets?limit=100', headers: { 'X-API-Key': 'demo-pro' } },
  { method: 'PATCH', path: '/pets/1', headers: { 'X-API-Key': 'demo-pro', ...json }, body: { status: 'sold' } },
  { method: 'DELETE', path: '/pets/2', headers: { 'X-API-Key': 'demo-pro' } },
  { method: 'GET', path: '/pets/2', headers: { 'X-API-Key': 'demo-pro' } },
  { method: 'POST', path: '/pets', headers: { 'X-API-Key': 'demo-pro', ...json }, body: { name: '', extra: 1 } },
  { method: 'POST', path: '/pets', headers: { 'X-API-Key': 'demo-pro', 'Content-Type': 'text/plain' }, body: 'hello' },
  { method: 'GET', path: '/pets' },
  { method: 'GET', path: '/pets', headers: { 'X-API-Key': 'not-a-key' } },
  { method: 'POST', path: '/categories', headers: { 'X-API-Key': 'demo-readonly', ...json }, body: { name: 'x' } },
  { method: 'PUT', path: '/categories', headers: { 'X-API-Key': 'demo-pro' } },
  { method: 'GET', path: '/no/such/path', headers: { 'X-API-Key': 'demo-pro' } },
  { method: 'GET', path: '/pets/1', headers: { 'X-API-Key': 'demo-pro', Prefer: 'code=404' } },
  { method: 'GET', path: '/pets/1', headers: { 'X-API-Key': 'demo-pro', Prefer: 'dynamic=true' } },
  { method: 'GET', path: '/categories', headers: { 'X-API-Key': 'demo-free', 'X-Mock-Session': 's1' } },
  { method: 'GET', path: '/orders', headers: { 'X-API-Key': 'demo-business' } },
  { method: 'HEAD', path: '/categories/1', headers: { 'X-API-Key': 'demo-pro' } },
];

const COMPARED_HEADERS = ['content-type', 'content-length', 'date', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'ratelimit', 'ratelimit-policy', 'retry-after', 'x-total-count', 'link', 'location', 'allow', 'preference-applied', 'deprecation', 'sunset', 'www-authenticate', 'access-control-allow-origin'];

async function answer(url: string, request: (typeof REQUESTS)[number]) {
  const body = request.body === undefined ? undefined : typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
  const res = await fetch(url + request.path, { method: request.method, headers: request.headers, body });
  const headers = Object.fromEntries(COMPARED_HEADERS.map((h) => [h, res.headers.get(h)]));
  return { status: res.status, headers, body: await res.text() };
}

let server: RunningMock;
let msw: ReturnType<typeof setupServer>;

beforeAll(async () => {
  server = await startMock({ seed: 4, clock: new ManualClock(START) });
  const { handlers } = await createHandlers({ seed: 4, baseUrl: HANDLED, clock: new ManualClock(START) });
  msw = setupServer(...handlers);
  msw.listen({ onUnhandledRequest: 'bypass' });
});
afterAll(async () => {
  msw.close();
  await server.close();
});

describe('the MSW handlers answer as the server', () => {
  it('the same status, headers and body for each request of one set, state carried along', async () => {
    const statuses = new Set<number>();
    for (const request of REQUESTS) {
      const fromServer = await answer(server.url, request);
      const fromHandlers = await answer(HANDLED, request);
      statuses.add(fromServer.status);
      expect({ request: `${request.method} ${request.path}`, ...fromHandlers }).toEqual({ request: `${request.method} ${request.path}`, ...fromServer });
    }
    // The set reached the outcomes it is meant to compare.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 201, 204, 400, 401, 403, 404, 405, 415]));
  });
});
