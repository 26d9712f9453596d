/**
 * Issue 27, through the built CLI (`npm run build` first): the mock starts on a 659-operation
 * document split over 2,850 files (bench/big-document.mjs) and serves an operation whose schema
 * comes from three files deep; the control API, loaded on its first request now (decision 082),
 * answers its first requests, several at once, as it did when it was made at start.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error the bench's generator is plain JavaScript
import { writeBigDocument } from '../../bench/big-document.mjs';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const mocks: MockProcess[] = [];
afterAll(() => Promise.all(mocks.map((m) => m.stop())));

describe('mock start-up', () => {
  it('serves the big split document: a record whose attributes come from their own files', async () => {
    const { root } = writeBigDocument(mkdtempSync(join(tmpdir(), 'startup-big-')));
    const mock = await startMockProcess(['--spec', root]);
    mocks.push(mock);
    const res = await fetch(`${mock.url}/v2/thing7s`, { headers: { Authorization: 'Bearer anything', 'X-API-Key': 'k' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { thing7s: Record<string, unknown>[] };
    // attributes/attr0.yml: a string of at most 40; attr1.yml: an integer >= 0; attr2.yml: colours.
    const first = body.thing7s[0]!;
    expect(typeof first.attr0).toBe('string');
    expect(first.attr1).toBeGreaterThanOrEqual(0);
    expect(Array.isArray(first.attr2)).toBe(true);
    expect(mock.stderr()).not.toContain('$ref');
  }, 120_000);

  it('answers the API before any control request, then the first control requests, sent at once', async () => {
    const mock = await startMockProcess([]);
    mocks.push(mock);
    expect((await fetch(`${mock.url}/pets/1`, { headers: { 'X-API-Key': 'demo-free' } })).status).toBe(200);
    const answers = await Promise.all([1, 2, 3].map(() => fetch(`${mock.url}/__admin/clock`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const clocks = (await Promise.all(answers.map((a) => a.json()))) as { frozen: boolean }[];
    expect(clocks.every((c) => c.frozen === false)).toBe(true);
    const reset = await fetch(`${mock.url}/__admin/reset`, { method: 'POST' });
    expect(reset.status).toBeLessThan(300);
  });
});
