import type { Document } from '../spec/openapi.js';
import { createMemoryRecordStore } from '../store/memory-record-store.js';
import type { RecordData, RecordStore } from '../store/record-store.js';
import type { SharedDocument } from '../store/shared-document.js';
import { createSharedRecordStore, restoreSharedRecordStore } from '../store/shared-record-store.js';
import type { AnyPack } from './behaviour-pack.js';

export interface SessionStates {
  newPackStates(session: string): Map<string, unknown>;
  newRecords(session: string): RecordStore;
  inspected(packs: ReadonlyMap<string, unknown>, records: RecordStore): { snapshot(): Promise<unknown> };
  /**
   * Each pack's state made from an imported seed (by pack name), and on a shared store written
   * over what it held for the session (src/mock/snapshot/apply-snapshot.ts).
   */
  restorePackStates(session: string, seeds: ReadonlyMap<string, unknown>): Promise<Map<string, unknown>>;
  restoreRecords(session: string, data: RecordData): Promise<RecordStore>;
}

/** A session's document of one kind of state in a shared store (`--store`). */
export type SharedDocuments = (session: string, kind: string) => SharedDocument;

/**
 * Makes each session's states from seeds built once here: a pack's seed data (for the packs in
 * use) and the inferred resources' records. Sessions and resets copy from them.
 */
export function sessionStates(packs: readonly AnyPack[], document: Document, seed: number, records: RecordData, shared?: SharedDocuments): SessionStates {
  const seeds = packs.map((pack) => [pack, pack.seed(document, seed)] as const);
  const first = packs[0];
  const packState = (session: string, pack: AnyPack, data: unknown) =>
    shared && pack.createSharedState ? pack.createSharedState(data, shared(session, `pack:${pack.name}`)) : pack.createState(data);
  const restoredState = async (session: string, pack: AnyPack, data: unknown) => {
    if (!shared || !pack.createSharedState) return pack.createState(data);
    if (!pack.restoreSharedState) throw new Error(`the ${pack.name} pack cannot restore a snapshot on a shared store`);
    return pack.restoreSharedState(data, shared(session, `pack:${pack.name}`));
  };
  return {
    newPackStates: (session) => new Map(seeds.map(([pack, data]) => [pack.name, packState(session, pack, data)])),
    newRecords: (session) => (shared ? createSharedRecordStore(records, shared(session, 'records')) : createMemoryRecordStore(records)),
    inspected: (states, store) => (first ? { snapshot: () => first.snapshot(states.get(first.name)) } : store),
    restorePackStates: async (session, given) => {
      const states = new Map<string, unknown>();
      for (const pack of packs) states.set(pack.name, await restoredState(session, pack, given.get(pack.name)));
      return states;
    },
    restoreRecords: async (session, data) => (shared ? restoreSharedRecordStore(data, shared(session, 'records')) : createMemoryRecordStore(data)),
  };
}
