/**
 * The Petstore pack's own event: an order fulfilled by `PATCH /store/orders/{id} {complete: true}`
 * sends the `orderCompleted` webhook (the order as its body) to the session's subscribers and
 * every `--webhook-target`, journaled, retried at most three times, never holding the answer.
 * Two real mock processes on one real redis-server: a subscriber added through one receives
 * what the other sends. Needs `npm run build`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startMockProcess, type MockProcess } from '../../helpers/mock-processes.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';
import { loadDocument } from '../../../src/spec/load-document.js';
import { createAjv } from '../../../src/validation/create-ajv.js';

interface Received {
  url: string;
  body: unknown;
  res: ServerResponse;
}

/** A loopback receiver: each request is kept with its response, answered when the test says. */
function receiver(): { server: Server; received: Received[]; next(count: number): Promise<void>; base: () => string } {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c) => (text += c));
    req.on('end', () => {
      received.push({ url: req.url!, body: text ? JSON.parse(text) : undefined, res });
      for (const w of waiters.splice(0)) w();
    });
  });
  const next = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (received.length >= count ? resolve() : waiters.push(check));
      check();
    });
  return { server, received, next, base: () => `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

const KEY = { 'X-API-Key': 'demo-enterprise' };
const journalOf = async (mock: MockProcess, session: string) => (await callJson(mock, { 'X-Mock-Session': session }, 'GET', '/__admin/requests')).body as Record<string, unknown>[];

/** A pet with stock and an open order for it, in `session`: the order's id. */
async function openOrder(mock: MockProcess, session: string): Promise<number> {
  const headers = { ...KEY, 'X-Mock-Session': session };
  const pet = await callJson(mock, headers, 'POST', '/pets', { name: 'Rex', categoryId: 1 });
  expect(pet.status).toBe(201);
  expect((await callJson(mock, headers, 'PUT', `/store/inventory/${pet.body.id}`, { quantity: 3 })).status).toBe(200);
  const order = await callJson(mock, headers, 'POST', '/store/orders', { petId: pet.body.id, quantity: 1 });
  expect(order.status).toBe(201);
  return order.body.id as number;
}

describe('the Petstore fires orderCompleted when an order is fulfilled', () => {
  const hooks = receiver();
  const target = receiver();
  let redis: TestRedis;
  let a: MockProcess;
  let b: MockProcess;
  let validOrder: (value: unknown) => boolean;

  beforeAll(async () => {
    await Promise.all([hooks, target].map((r) => new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve))));
    redis = await startTestRedis();
    const args = ['--store', redis.url, '--store-prefix', `order-hook-${process.pid}:`, '--webhook-target', `${target.base()}/all`];
    [a, b] = await Promise.all([startMockProcess(args), startMockProcess(args)]);
    const doc = await loadDocument(new URL('../../../spec/petstore.yaml', import.meta.url).pathname);
    validOrder = createAjv().compile((doc.document.components!.schemas as Record<string, object>).Order!);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].map((m) => m?.stop()));
    await redis?.stop();
    for (const r of [hooks, target]) {
      r.server.closeAllConnections();
      r.server.close();
    }
  });

  it('a subscriber added through one replica receives, without holding the answer, the order completed through the other', async () => {
    const session = `shared-${process.pid}`;
    const sub = await callJson(a, { 'X-Mock-Session': session }, 'POST', '/__admin/webhooks/orderCompleted/subscribers', { url: `${hooks.base()}/orders` });
    expect(sub.status).toBe(201);
    // Both replicas list it: it lives in Redis, not in the process that took it.
    expect((await callJson(b, { 'X-Mock-Session': session }, 'GET', '/__admin/webhooks/orderCompleted/subscribers')).body).toEqual([`${hooks.base()}/orders`, `${target.base()}/all`]);
    const id = await openOrder(b, session);

    // The receivers hold their answers: the PATCH must answer anyway.
    const done = await callJson(b, { ...KEY, 'X-Mock-Session': session }, 'PATCH', `/store/orders/${id}`, { complete: true });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id, complete: true });
    await hooks.next(1);
    await target.next(1);
    const [fromHook, fromTarget] = [hooks.received[0]!, target.received[0]!];
    expect(fromHook.url).toBe('/orders');
    expect(fromHook.body).toEqual(done.body);
    expect(fromTarget.body).toEqual(done.body);
    expect(validOrder(fromHook.body)).toBe(true);
    for (const r of [fromHook, fromTarget]) r.res.writeHead(204).end();

    const delivered = [[`${hooks.base()}/orders`, 204], [`${target.base()}/all`, 204]];
    await expect.poll(async () => (await journalOf(a, session)).filter((l) => l.outgoing === 'webhook orderCompleted').map((l) => [l.path, l.status]).sort()).toEqual(delivered.sort());

    // Completing it again changes nothing and fires nothing; the next order fires once more.
    expect((await callJson(a, { ...KEY, 'X-Mock-Session': session }, 'PATCH', `/store/orders/${id}`, { complete: true })).status).toBe(200);
    const second = await openOrder(a, session);
    expect((await callJson(a, { ...KEY, 'X-Mock-Session': session }, 'PATCH', `/store/orders/${second}`, { complete: true })).status).toBe(200);
    await hooks.next(2);
    await target.next(2);
    expect(hooks.received.map((r) => (r.body as { id: number }).id)).toEqual([id, second]);
    for (const r of [hooks.received[1]!, target.received[1]!]) r.res.writeHead(204).end();
  });

  it('a receiver answering 503 is tried three times in all, each try journaled', async () => {
    const session = `retry-${process.pid}`;
    const id = await openOrder(a, session);
    const before = target.received.length;
    expect((await callJson(a, { ...KEY, 'X-Mock-Session': session }, 'PATCH', `/store/orders/${id}`, { complete: true })).status).toBe(200);
    for (let n = 1; n <= 3; n++) {
      await target.next(before + n);
      target.received[before + n - 1]!.res.writeHead(503).end();
    }
    await expect.poll(async () => (await journalOf(b, session)).filter((l) => l.outgoing === 'webhook orderCompleted').map((l) => [l.attempt, l.status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 503],
    ]);
    expect(target.received.length).toBe(before + 3);
  });

  it('a reset forgets the session\'s subscribers on every replica', async () => {
    const session = `reset-${process.pid}`;
    expect((await callJson(a, { 'X-Mock-Session': session }, 'POST', '/__admin/webhooks/orderCompleted/subscribers', { url: `${hooks.base()}/x` })).status).toBe(201);
    expect((await callJson(b, { 'X-Mock-Session': session }, 'POST', '/__admin/reset')).status).toBe(204);
    expect((await callJson(a, { 'X-Mock-Session': session }, 'GET', '/__admin/webhooks/orderCompleted/subscribers')).body).toEqual([`${target.base()}/all`]);
  });
});
