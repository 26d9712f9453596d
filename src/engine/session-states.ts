import type { Document } from '../spec/openapi.js';
import { createMemoryRecordStore } from '../store/memory-record-store.js';
import type { RecordData, RecordStore } from '../store/record-store.js';
import type { AnyPack } from './behaviour-pack.js';

export interface SessionStates {
  newPackStates(): Map<string, unknown>;
  newRecords(): RecordStore;
  inspected(packs: ReadonlyMap<string, unknown>, records: RecordStore): { snapshot(): Promise<unknown> };
}

/**
 * Makes each session's states from seeds built once here: a pack's seed data (for the packs in
 * use) and the inferred resources' records. Sessions and resets copy from them.
 */
export function sessionStates(packs: readonly AnyPack[], document: Document, seed: number, records: RecordData): SessionStates {
  const seeds = packs.map((pack) => [pack, pack.seed(document, seed)] as const);
  const first = packs[0];
  return {
    newPackStates: () => new Map(seeds.map(([pack, data]) => [pack.name, pack.createState(data)])),
    newRecords: () => createMemoryRecordStore(records),
    inspected: (states, store) => (first ? { snapshot: () => first.snapshot(states.get(first.name)) } : store),
  };
}
