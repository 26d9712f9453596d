import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../src/http/start-mock.js';
import { expectHealthy, hostileConfig, KEY, rawExchange, rawRequest, startHostileMock, type HostileMock } from './hostile-kit.js';

/* Resource limits: sessions capped (LRU), the journal bounded, body and header limits. */

const JSON_TYPE = { 'Content-Type': 'application/json' };

describe('sessions under load', () => {
  const MAX = 50;
  let mock: HostileMock;
  beforeAll(async () => {
    mock = await startHostileMock({ config: hostileConfig({ sessions: { max: MAX } }) });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it(`keeps at most ${MAX} sessions while 200 sessions write at once, and the most recently used keep their data`, async () => {
    const names = Array.from({ length: 200 }, (_, i) => `load-${i}`);
    for (let batch = 0; batch < names.length; batch += 30) {
      await Promise.all(
        names.slice(batch, batch + 30).map(async (session) => {
          const created = await mock.send('POST', '/categories', { body: JSON.stringify({ name: `own-${session}` }), headers: JSON_TYPE, session });
          expect(created.status).toBe(201);
          await mock.send('GET', '/categories?limit=100', { session });
        }),
      );
      expect(mock.setup.sessions.size).toBeLessThanOrEqual(MAX);
    }
    // Used last, one at a time: the default session plus these 49 are exactly the cap.
    const recent = names.slice(-(MAX - 1));
    for (const session of recent) await mock.send('GET', '/pets?limit=1', { session });
    expect(mock.setup.sessions.size).toBe(MAX);
    for (const session of recent) {
      const categories = JSON.parse((await mock.send('GET', '/categories?limit=100', { session })).text) as { name: string }[];
      expect(categories.map((c) => c.name), session).toContain(`own-${session}`);
    }
    // An evicted session starts again from the seed data.
    const evicted = JSON.parse((await mock.send('GET', '/categories?limit=100', { session: 'load-0' })).text) as { name: string }[];
    expect(evicted.map((c) => c.name)).not.toContain('own-load-0');
    expect(mock.setup.sessions.size).toBe(MAX);
    await expectHealthy(mock, recent.slice(-5));
  });
});

describe('the request journal', () => {
  it('keeps the last 1,000 requests of a session however many arrive at once', async () => {
    const mock = await startHostileMock();
    try {
      const session = 'journal-flood';
      for (let batch = 0; batch < 1_100; batch += 100) {
        await Promise.all(Array.from({ length: 100 }, (_, i) => mock.send('GET', `/pets?limit=1&n=${batch + i}`, { session })));
      }
      await mock.send('GET', '/pets/last-one', { session });
      const journal = JSON.parse((await mock.send('GET', '/__admin/requests', { session })).text) as { path: string; status: number; key: string }[];
      expect(journal).toHaveLength(1_000);
      expect(journal.at(-1)).toMatchObject({ path: '/pets/last-one', status: 400 });
      expect(new Set(journal.map((e) => e.key))).toEqual(new Set([`${KEY.slice(0, 4)}…${KEY.slice(-2)}`]));
      expect(mock.setup.sessions.get(session).journal.list()).toHaveLength(1_000);
      await expectHealthy(mock, [session]);
    } finally {
      await mock.close();
    }
  });
});

describe('body and header limits', () => {
  it('keeps its defaults: 1 MiB bodies, 16 KiB of headers, 10 s / 30 s / 5 s timeouts', async () => {
    const mock = await startMock({ quiet: true });
    try {
      expect(mock.server.headersTimeout).toBe(10_000);
      expect(mock.server.requestTimeout).toBe(30_000);
      expect(mock.server.keepAliveTimeout).toBe(5_000);
      const under = await rawExchangeStatus(mock.port, rawRequest('GET', '/pets?limit=1', { 'X-Pad': 'p'.repeat(15 * 1024) }));
      const over = await rawExchangeStatus(mock.port, rawRequest('GET', '/pets?limit=1', { 'X-Pad': 'p'.repeat(16 * 1024) }));
      expect([under, over]).toEqual([401, 431]);
    } finally {
      await mock.close();
    }
  });

  it('takes smaller limits through startMock options, answered the same way (413 at once, 431)', async () => {
    const mock = await startHostileMock({ bodyLimit: 1024, maxHeaderSize: 4096 });
    try {
      const padded = (size: number) => {
        const json = JSON.stringify({ name: 'small' });
        return json + ' '.repeat(size - json.length);
      };
      expect((await mock.send('POST', '/categories', { body: padded(1024), headers: JSON_TYPE })).status).toBe(201);
      expect((await mock.send('POST', '/categories', { body: padded(1025), headers: JSON_TYPE })).status).toBe(413);
      const declared = await mock.raw([rawRequest('POST', '/categories', { 'Content-Type': 'application/json', 'Content-Length': '1025' })], { answers: 1, timeoutMs: 2_000 });
      expect(declared.answers.map((a) => a.status)).toEqual([413]);
      const headers = await mock.raw([rawRequest('GET', '/pets', { 'X-Pad': 'p'.repeat(5_000) })]);
      expect(headers.answers.map((a) => a.status)).toEqual([431]);
      expect((await mock.send('GET', '/pets?limit=1', { headers: { 'X-Pad': 'p'.repeat(3_000) } })).status).toBe(200);
      await expectHealthy(mock);
    } finally {
      await mock.close();
    }
  });
});

async function rawExchangeStatus(port: number, request: string): Promise<number | undefined> {
  const result = await rawExchange(port, [request], { answers: 1 });
  return result.answers[0]?.status;
}
