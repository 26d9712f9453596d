/**
 * A member named `__proto__` in a JSON merge patch (issue 22's audit of writes by a name the client
 * chooses). JSON.parse makes it an own member and RFC 7396 merges it like any other; the mock's merge
 * assigned it, which replaced the stored object's prototype and lost the member on read-back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const SPEC = fileURLToPath(new URL('../fixtures/free-form-things.yaml', import.meta.url));
const KEY = { 'x-api-key': 'demo-enterprise' };
let mock: MockProcess;

beforeAll(async () => {
  mock = await startMockProcess(['--spec', SPEC]);
}, 60_000);

afterAll(() => mock?.stop());

describe('a merge patch with a __proto__ member', () => {
  it('stores the member as sent and reads it back, changing no other record', async () => {
    const made = await fetch(`${mock.url}/things`, { method: 'POST', headers: { ...KEY, 'content-type': 'application/json' }, body: '{"details":{"kept":1}}' });
    const { id } = (await made.json()) as { id: number };
    const patched = await fetch(`${mock.url}/things/${id}`, { method: 'PATCH', headers: { ...KEY, 'content-type': 'application/merge-patch+json' }, body: '{"details":{"__proto__":{"polluted":true}}}' });
    expect(patched.status).toBe(200);
    const read = await (await fetch(`${mock.url}/things/${id}`, { headers: KEY })).text();
    expect(JSON.parse(read).details).toEqual(JSON.parse('{"kept":1,"__proto__":{"polluted":true}}'));
    expect(read).toContain('"__proto__":{"polluted":true}');
    const others = await (await fetch(`${mock.url}/things`, { headers: KEY })).text();
    expect(others).not.toContain('"polluted":true},"id"');
  });
});
