/** Callbacks and webhooks: a local receiver validates what the mock sends against the document. */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';
import { createAjv } from '../../../src/validation/create-ajv.js';

const SPEC = new URL('../../fixtures/qa/callbacks.yaml', import.meta.url).pathname;
const EVENT = { type: 'object', required: ['id', 'kind', 'at'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1 }, kind: { type: 'string', enum: ['created', 'completed'] }, at: { type: 'string', format: 'date-time' } } };

interface Received { method: string; url: string; body: unknown }

describe('callbacks and webhooks', () => {
  const validate = createAjv().compile(EVENT);
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  let statuses: number[] = [];
  let receiver: Server;
  let base: string;
  let mock: RunningMock;
  const clock = new ManualClock(Date.parse('2026-11-22T10:00:00Z'));
  const next = (count: number) => new Promise<void>((resolve) => {
    const check = () => (received.length >= count ? resolve() : waiters.push(check));
    check();
  });
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, body: text ? JSON.parse(text) : undefined });
        res.writeHead(statuses.shift() ?? 204).end();
        for (const w of waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
    mock = await startMock({ specFile: SPEC, clock, quiet: true, outgoing: { webhookTargets: [`${base}/all`] } });
  });
  afterAll(async () => {
    await mock.close();
    receiver.close();
  });

  it('after answering, calls the callback URL from the request with a body valid against the callback schema, journaled', async () => {
    const res = await fetch(`${mock.url}/subscriptions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' }, body: JSON.stringify({ callbackUrl: `${base}/hook` }) });
    expect(res.status).toBe(201);
    await next(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/hook/events' });
    expect(validate(received[0]!.body), JSON.stringify(validate.errors)).toBe(true);
    const journal = (await (await fetch(`${mock.url}/__admin/requests`)).json()) as Record<string, unknown>[];
    await expect.poll(async () => ((await (await fetch(`${mock.url}/__admin/requests`)).json()) as Record<string, unknown>[]).some((l) => l.outgoing === 'callback onEvent')).toBe(true);
    expect(journal[0]).toMatchObject({ method: 'POST', path: '/subscriptions', status: 201 });
  });

  it('a callback to a host that is not loopback is refused and journaled, nothing sent', async () => {
    const before = received.length;
    await fetch(`${mock.url}/subscriptions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer t' }, body: JSON.stringify({ callbackUrl: 'http://example.invalid' }) });
    await expect.poll(async () => ((await (await fetch(`${mock.url}/__admin/requests`)).json()) as { error?: string }[]).some((l) => /not a loopback host/.test(l.error ?? ''))).toBe(true);
    expect(received.length).toBe(before);
  });

  it('POST /__admin/webhooks/{name} sends to subscribers and --webhook-target, retrying a 5xx, bodies valid', async () => {
    const sub = await fetch(`${mock.url}/__admin/webhooks/orderCompleted/subscribers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: `${base}/sub` }) });
    expect(sub.status).toBe(201);
    const refused = await fetch(`${mock.url}/__admin/webhooks/orderCompleted/subscribers`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ url: 'http://10.0.0.1/x' }) });
    expect(refused.status).toBe(400);
    expect((await fetch(`${mock.url}/__admin/webhooks/nope`, { method: 'POST' })).status).toBe(404);
    received.length = 0;
    statuses = [503];
    const sending = fetch(`${mock.url}/__admin/webhooks/orderCompleted`, { method: 'POST' });
    // The first answer was 503: the retry waits 100 ms on the clock, which the test moves.
    await clock.sleeping();
    clock.advance(0.1);
    const sent = await sending;
    expect(sent.status).toBe(200);
    const { deliveries } = (await sent.json()) as { deliveries: { url: string; status: number; attempts: number }[] };
    expect(deliveries.map((d) => [d.url, d.status]).sort()).toEqual([[`${base}/all`, 204], [`${base}/sub`, 204]]);
    expect(deliveries.reduce((n, d) => n + d.attempts, 0)).toBe(3);
    expect(received).toHaveLength(3);
    for (const r of received) expect(validate(r.body), JSON.stringify(validate.errors)).toBe(true);
    const given = { id: 7, kind: 'completed', at: '2026-11-22T10:00:00Z' };
    const own = await fetch(`${mock.url}/__admin/webhooks/orderCompleted`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(given) });
    expect(((await own.json()) as { deliveries: unknown[] }).deliveries).toHaveLength(2);
    expect(received.slice(-2).map((r) => r.body)).toEqual([given, given]);
  });
});
