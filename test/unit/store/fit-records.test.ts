import { describe, expect, it } from 'vitest';
import { fitRecords } from '../../../src/store/fit-records.js';
import { createMemoryRecordStore, EMPTY_RECORDS } from '../../../src/store/memory-record-store.js';

async function records(entries: [resource: string, id: string, name: string][]) {
  const store = createMemoryRecordStore(EMPTY_RECORDS);
  for (const [resource, id, name] of entries) await store.put(resource, '', id, { id: Number(id), name });
  return store.snapshot();
}

const names = (data: Awaited<ReturnType<typeof records>>, resource: string) => [...(data.resources.get(resource)?.get('')?.values() ?? [])].map((r) => r.name);

describe('fitRecords', () => {
  it('keeps what a session holds of resources still served, drops removed ones, seeds new ones', async () => {
    const held = await records([['things', '1', 'seeded'], ['things', '9', 'mine'], ['gone', '1', 'old']]);
    const seed = await records([['things', '1', 'seeded'], ['owners', '1', 'seed-owner']]);
    const fitted = fitRecords(held, seed, new Set(['things', 'owners']));
    expect(names(fitted, 'things')).toEqual(['seeded', 'mine']);
    expect(names(fitted, 'owners')).toEqual(['seed-owner']);
    expect(fitted.resources.has('gone')).toBe(false);
    expect(fitted.sequences.get('things')).toBe(10);
    expect(fitted.sequences.has('gone')).toBe(false);
  });

  it('keeps a resource whose records were all deleted empty, and never lowers a sequence', async () => {
    const store = createMemoryRecordStore(await records([['things', '1', 'a']]));
    await store.remove('things', '', '1');
    await store.nextId('owners'); // an id handed out (1), its record never stored
    await store.nextId('owners');
    const seed = await records([['things', '1', 'a'], ['owners', '1', 'o']]);
    const fitted = fitRecords(await store.snapshot(), seed, new Set(['things', 'owners']));
    expect(names(fitted, 'things')).toEqual([]);
    expect(fitted.sequences.get('owners')).toBe(3);
  });

  it('refits a memory store in place, synchronously', async () => {
    const store = createMemoryRecordStore(await records([['things', '1', 'a'], ['gone', '1', 'b']]));
    store.refit!((current) => fitRecords(current, EMPTY_RECORDS, new Set(['things'])));
    expect((await store.list('things', '')).map((r) => r.name)).toEqual(['a']);
    expect(await store.list('gone', '')).toEqual([]);
    expect(await store.nextId('things')).toBe(2);
  });
});
