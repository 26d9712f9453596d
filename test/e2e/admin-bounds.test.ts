/**
 * The control API keeps to what the API and a snapshot can carry (issue 22, low items): a session
 * name the API refuses is refused here too, and the clock stays within four-digit years, so that
 * every export can be imported again. Through the built CLI.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

let mock: MockProcess;

beforeAll(async () => {
  mock = await startMockProcess([]);
}, 30_000);

afterAll(async () => {
  await mock?.stop();
});

const admin = (method: string, path: string, session: string | undefined, body?: unknown) => callJson(mock, session === undefined ? {} : { 'X-Mock-Session': session }, method, path, body);

describe('the control API', () => {
  it('refuses a session name the API refuses (5,000 characters) with 400, on every endpoint', async () => {
    const long = 'x'.repeat(5000);
    expect((await callJson(mock, { 'X-Mock-Session': long, 'X-API-Key': 'demo-pro' }, 'GET', '/pets')).status).toBe(400);
    for (const [method, path, body] of [['GET', '/__admin/clock'], ['POST', '/__admin/faults', { times: 1, status: 500 }], ['GET', '/__admin/snapshot'], ['POST', '/__admin/reset']] as const) {
      const res = await admin(method, path, long, body);
      expect([path, res.status, res.body?.code]).toEqual([path, 400, 'validation_failed']);
    }
    expect((await admin('GET', '/__admin/clock', 'y'.repeat(128))).status).toBe(200);
  });

  it('keeps the clock within four-digit years, so that an export always imports again', async () => {
    const s = 'far-future';
    expect((await admin('POST', '/__admin/clock', s, { set: '9999-12-31T00:00:00Z' })).status).toBe(400);
    expect((await admin('POST', '/__admin/clock', s, { set: '9998-12-31T00:00:00Z' })).status).toBe(200);
    const past = await admin('POST', '/__admin/clock', s, { advanceSeconds: 2 * 365 * 86400 });
    expect([past.status, past.body.message]).toEqual([400, expect.stringContaining('out of range')]);
    const exported = await admin('GET', '/__admin/snapshot', s);
    expect(exported.body.clock.now).toBe('9998-12-31T00:00:00.000Z');
    expect((await admin('POST', '/__admin/snapshot', 'again', exported.body)).status).toBe(204);
    const beyond = await admin('POST', '/__admin/snapshot', 'again', { ...exported.body, clock: { now: '9999-06-01T00:00:00Z', frozen: true } });
    expect([beyond.status, beyond.body.details?.[0]?.path]).toEqual([400, '/clock/now']);
  });
});
