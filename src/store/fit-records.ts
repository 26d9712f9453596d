import type { RecordData, StoredRecord } from './record-store.js';

/**
 * A session's records fitted to a (re)loaded document's resources (`--watch`,
 * docs/decisions/027-watch.md): the records and id sequence of a resource that still exists are
 * kept as they are, a resource the document no longer has is dropped, and a resource the session
 * never held starts from its seed records. Pure; the maps of `data` and `seed` are shared, not copied.
 */
export function fitRecords(data: RecordData, seed: RecordData, resources: ReadonlySet<string>): RecordData {
  const kept = new Map<string, ReadonlyMap<string, ReadonlyMap<string, StoredRecord>>>();
  const sequences = new Map<string, number>();
  for (const name of resources) {
    const held = data.resources.get(name);
    const records = held ?? seed.resources.get(name);
    if (records) kept.set(name, records);
    // Never lower a sequence: ids handed out once are not handed out again.
    const given = data.sequences.get(name);
    const sequence = held ? given : Math.max(given ?? 0, seed.sequences.get(name) ?? 0) || undefined;
    if (sequence !== undefined) sequences.set(name, sequence);
  }
  return { resources: kept, sequences };
}
