/**
 * A body nested thousands of levels deep (issue 22, low item). `JSON.parse` takes it, but
 * `JSON.stringify` and every recursive walk run out of stack: one POST of a free-form field nested
 * 5,000 levels deep crashed the mock when it answered (the process died), and once stored made every
 * snapshot export fail; on Redis the POST itself was a 500. Such bodies are refused with a 400 now
 * (src/core/json-depth.ts), in the API and the control API, on both backends, and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';
import { startTestRedis, type TestRedis } from '../helpers/redis-server.js';

const SPEC = fileURLToPath(new URL('../fixtures/free-form-things.yaml', import.meta.url));
const HEADERS = { 'content-type': 'application/json', 'x-api-key': 'demo-enterprise' };
const nested = (levels: number) => '{"a":'.repeat(levels) + '{}' + '}'.repeat(levels);

let redis: TestRedis;
let memory: MockProcess;
let shared: MockProcess;

beforeAll(async () => {
  redis = await startTestRedis();
  [memory, shared] = await Promise.all([startMockProcess(['--spec', SPEC]), startMockProcess(['--spec', SPEC, '--store', redis.url, '--store-prefix', `deep-${process.pid}:`])]);
}, 60_000);

afterAll(async () => {
  await Promise.all([memory?.stop(), shared?.stop()]);
  await redis?.stop();
});

describe('a body nested past 512 levels', () => {
  it.each([['in memory', () => memory], ['on Redis', () => shared]])('is refused with 400 %s, nothing is stored, and the mock goes on answering', async (_name, mock) => {
    const { url } = mock();
    const listed = async () => (await (await fetch(`${url}/things`, { headers: HEADERS })).json()) as unknown[];
    const before = await listed();
    const refused = await fetch(`${url}/things`, { method: 'POST', headers: HEADERS, body: `{"details":${nested(5000)}}` });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: expect.stringContaining('deeper than 512 levels') });
    expect(await listed()).toEqual(before);
    const snapshot = await fetch(`${url}/__admin/snapshot`);
    expect(snapshot.status).toBe(200);
  });

  it('is taken at 400 levels: stored, read back and exported', async () => {
    const made = await fetch(`${memory.url}/things`, { method: 'POST', headers: HEADERS, body: `{"details":${nested(400)}}` });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const read = await fetch(`${memory.url}/things/${id}`, { headers: HEADERS });
    expect(read.status).toBe(200);
    expect(JSON.stringify(await read.json())).toBe(`{"id":${id},"details":${nested(400)}}`);
    expect((await fetch(`${memory.url}/__admin/snapshot`)).status).toBe(200);
  });

  it('is refused by the control API too (a snapshot to import)', async () => {
    const refused = await fetch(`${memory.url}/__admin/snapshot`, { method: 'POST', headers: HEADERS, body: `{"version":1,"deep":${nested(5000)}}` });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('deeper than 512 levels') });
  });
});
