/**
 * Start-up of a document whose answers all reach one web of schemas with cycles (as Xero's
 * accounting document does), through the built CLI (`npm run build` first): each answer's example
 * is checked against its schema at start-up, and a schema reached from many places is compiled
 * once (decision 094). It took 29 s of CPU before, 3 s after, on a loaded machine.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error the bench's generator is plain JavaScript
import { writeCyclicDocument } from '../../bench/cyclic-document.mjs';
// @ts-expect-error plain JavaScript
import { cpuSeconds } from '../../bench/processes.mjs';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';

const mocks: MockProcess[] = [];
afterAll(() => Promise.all(mocks.map((m) => m.stop())));

describe('mock start-up on schemas shared by many answers, with cycles', () => {
  it('starts in a few seconds of CPU, serves good examples and generated data for a broken one', async () => {
    const { file } = writeCyclicDocument(mkdtempSync(join(tmpdir(), 'startup-cyclic-')), { members: 40, operations: 150 });
    const mock = await startMockProcess(['--spec', file]);
    mocks.push(mock);
    const cpu = cpuSeconds(mock.child.pid) as number;
    expect(cpu).toBeLessThan(12);
    const headers = { Authorization: 'Bearer anything' };
    const good = await fetch(`${mock.url}/things1`, { headers });
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ items: [{ id: '3fa85f64-5717-4562-b3fc-2c963f66afa6', name: 'item 1', status: 'PAID', currency: 'NZD', amount: 10.5 }] });
    const broken = await fetch(`${mock.url}/things0`, { headers });
    expect(broken.status).toBe(200);
    const served = (await broken.json()) as { items?: { amount?: unknown }[] };
    for (const item of served.items ?? []) if ('amount' in item) expect(typeof item.amount).toBe('number');
    expect(JSON.stringify(served)).not.toContain('"ten"');
  }, 120_000);
});
