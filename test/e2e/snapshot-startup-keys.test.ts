/**
 * The demo keys and the keys of --config are the same for every session: a snapshot imported in
 * one session cannot change them (issue 22 item 7: a snapshot turned demo-free into an
 * Enterprise key for every session, and `reset` kept it). Through the built CLI.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const CONFIG = fileURLToPath(new URL('../../mocks/keys.example.json', import.meta.url));
let mock: MockProcess;

beforeAll(async () => {
  mock = await startMockProcess(['--config', CONFIG]);
}, 30_000);

afterAll(async () => {
  await mock?.stop();
});

const admin = (method: string, path: string, session?: string, body?: unknown) => callJson(mock, session ? { 'X-Mock-Session': session } : {}, method, path, body);
const snapshotWith = (keys: unknown[]) => ({ format: 'petstore-kit-snapshot', version: 1, keys });

describe('a snapshot naming a start-up key', () => {
  it('is refused (400, nothing changed) when it would change a demo key or a --config key, for every session, before and after reset', async () => {
    for (const [index, key] of [
      { key: 'demo-free', plan: 'Enterprise', scope: 'read-write' },
      { key: 'acme-dashboard', plan: 'Enterprise', scope: 'read-write' },
    ].entries()) {
      const refused = await admin('POST', '/__admin/snapshot', 'importer', snapshotWith([{ key: 'fresh-one', plan: 'Pro' }, key]));
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('validation_failed');
      expect(refused.body.details).toContainEqual({ path: '/keys/1/key', message: expect.stringContaining('every session') });
      expect((await admin('GET', `/__admin/keys/${key.key}`, 'other')).body.plan).not.toBe('Enterprise');
      expect((await admin('GET', '/__admin/keys/fresh-one')).status).toBe(404);
      if (index === 0) expect((await admin('POST', '/__admin/reset')).status).toBe(204);
    }
    expect((await admin('GET', '/__admin/keys/demo-free', 'other')).body).toMatchObject({ plan: 'Free', perMinute: 60 });
    expect((await admin('GET', '/__admin/keys/acme-dashboard', 'other')).body).toMatchObject({ plan: 'Startup', scope: 'read-only' });
    // With demo-free limited as Free, the 61st request in a minute is still 429 in another session.
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await callJson(mock, { 'X-API-Key': 'demo-free', 'X-Mock-Session': 'other' }, 'GET', '/pets?limit=1')).status);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);

  it('imports a start-up key given exactly as it is (what an older export holds) as a no-op, and exports none', async () => {
    const imported = await admin('POST', '/__admin/snapshot', 'same', snapshotWith([{ key: 'demo-pro', plan: 'Pro', perMinute: 300, perDay: 10000, scope: 'read-write' }]));
    expect(imported.status).toBe(204);
    expect((await admin('GET', '/__admin/snapshot', 'same')).body.keys).toEqual([]);
  });
});
