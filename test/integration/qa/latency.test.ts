import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';
import { parseLatencyFlag } from '../../../src/mock/latency/latency-rule.js';
import { expectHeldFor } from '../../helpers/held-answer.js';
import { createLatencySampler } from '../../../src/mock/latency/sample-latency.js';

const T0 = Date.parse('2026-11-22T10:00:30.000Z');
const KEY = { 'X-API-Key': 'demo-enterprise' };

const admin = (mock: RunningMock, path: string, method = 'GET', body?: unknown, session?: string) =>
  fetch(`${mock.url}/__admin${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(session ? { 'X-Mock-Session': session } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('latency on the injected clock', () => {
  let clock: ManualClock;
  let mock: RunningMock;
  beforeAll(async () => {
    clock = new ManualClock(T0);
    // No `delay` given: waits are on the clock, which only this test moves.
    mock = await startMock({ clock, quiet: true });
  });
  afterAll(() => mock.close());

  it('Prefer: delay=MS holds the answer until the clock has moved by MS', async () => {
    const res = await expectHeldFor(clock, 500, () => fetch(`${mock.url}/pets/1`, { headers: { ...KEY, Prefer: 'delay=500' } }));
    expect(res.status).toBe(200);
    const journal = (await (await admin(mock, '/requests')).json()) as { path: string; delayMs?: number }[];
    expect(journal.at(-1)).toMatchObject({ path: '/pets/1', delayMs: 500 });
  });

  it('Prefer: delay over 60 s is a 400 in the error shape, answered at once', async () => {
    const res = await fetch(`${mock.url}/pets/1`, { headers: { ...KEY, Prefer: 'delay=60001' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; status: number };
    expect(body).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(body.message).toMatch(/60000 ms/);
    expect(clock.waiting).toBe(0);
  });

  it('a session latency applies to matching requests of that session only, and DELETE clears it', async () => {
    const set = await admin(mock, '/latency', 'POST', { method: 'get', path: '/pets/{petId}', distribution: 'fixed', ms: 200 }, 'slow');
    expect(set.status).toBe(201);
    expect(await set.json()).toEqual({ method: 'GET', path: '/pets/{petId}', distribution: 'fixed', ms: 200 });
    expect(await (await admin(mock, '/latency', 'GET', undefined, 'slow')).json()).toHaveLength(1);

    // Another session, and another path of this one, are not held.
    expect((await fetch(`${mock.url}/pets/1`, { headers: KEY })).status).toBe(200);
    expect((await fetch(`${mock.url}/pets`, { headers: { ...KEY, 'X-Mock-Session': 'slow' } })).status).toBe(200);
    expect(clock.waiting).toBe(0);

    expect((await expectHeldFor(clock, 200, () => fetch(`${mock.url}/pets/2`, { headers: { ...KEY, 'X-Mock-Session': 'slow' } }))).status).toBe(200);

    expect((await admin(mock, '/latency', 'DELETE', undefined, 'slow')).status).toBe(204);
    expect((await fetch(`${mock.url}/pets/2`, { headers: { ...KEY, 'X-Mock-Session': 'slow' } })).status).toBe(200);
    expect(clock.waiting).toBe(0);
  });

  it('a lognormal latency draws seeded waits around its median, capped at 60 s', async () => {
    await admin(mock, '/latency', 'POST', { distribution: 'lognormal', median: 200, sigma: 0.5 }, 'lognormal');
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const pending = fetch(`${mock.url}/pets`, { headers: { ...KEY, 'X-Mock-Session': 'lognormal' } });
      await clock.sleeping();
      clock.advance(60);
      await pending;
    }
    const journal = (await (await admin(mock, '/requests', 'GET', undefined, 'lognormal')).json()) as { delayMs: number }[];
    for (const line of journal) waits.push(line.delayMs);
    expect(waits).toHaveLength(5);
    expect(new Set(waits).size).toBeGreaterThan(1);
    for (const ms of waits) expect(ms).toBeGreaterThan(0);
    // The same seed, the same draws: what the sampler of seed 1 gives for this rule.
    const sample = createLatencySampler(1);
    const rule = parseLatencyFlag('lognormal:200,0.5');
    expect(waits).toEqual(Array.from({ length: 5 }, () => sample(rule)));
  });

  it('refuses a latency it cannot use with a 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ distribution: 'gaussian' }, /distribution must be/],
      [{ distribution: 'fixed', ms: 60001 }, /ms must be an integer from 0 to 60000/],
      [{ distribution: 'uniform', min: 400, max: 50 }, /min must not be over max/],
      [{ distribution: 'fixed', ms: 5, median: 3 }, /unknown field/],
    ];
    for (const [body, message] of cases) {
      const res = await admin(mock, '/latency', 'POST', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(message);
    }
    expect(await (await admin(mock, '/latency')).json()).toEqual([]);
  });

  it('a snapshot carries the session latency, and importing it sets it', async () => {
    await admin(mock, '/latency', 'POST', { distribution: 'uniform', min: 50, max: 400 }, 'snap-a');
    const snapshot = (await (await admin(mock, '/snapshot', 'GET', undefined, 'snap-a')).json()) as { latency: unknown[] };
    expect(snapshot.latency).toEqual([{ distribution: 'uniform', min: 50, max: 400 }]);
    expect((await admin(mock, '/snapshot', 'POST', snapshot, 'snap-b')).status).toBe(204);
    expect(await (await admin(mock, '/latency', 'GET', undefined, 'snap-b')).json()).toEqual([{ distribution: 'uniform', min: 50, max: 400 }]);
    const bad = await admin(mock, '/snapshot', 'POST', { ...snapshot, latency: [{ distribution: 'fixed' }] }, 'snap-b');
    expect(bad.status).toBe(400);
  });
});

describe('--latency for every request', () => {
  it('holds every answer for the fixed wait; a session latency wins over it', async () => {
    const clock = new ManualClock(T0);
    const mock = await startMock({ clock, quiet: true, latency: parseLatencyFlag('fixed:300') });
    try {
      expect((await expectHeldFor(clock, 300, () => fetch(`${mock.url}/store/inventory`, { headers: KEY }))).status).toBe(200);
      await admin(mock, '/latency', 'POST', { distribution: 'fixed', ms: 0 });
      expect((await fetch(`${mock.url}/store/inventory`, { headers: KEY })).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});
