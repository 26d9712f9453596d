import type { Document } from '../spec/openapi.js';
import { fitRecords } from '../store/fit-records.js';
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
   * A live session's pack states under this document (`--watch`): the state of a pack still in
   * use is kept, a pack no longer in use is dropped, a pack newly in use starts from its seed.
   */
  carryPacks(session: string, held: ReadonlyMap<string, unknown>): Map<string, unknown>;
  /** A live session's records under this document: see fit-records.ts. */
  carryRecords(session: string, held: RecordStore): RecordStore;
  /**
   * Each pack's state made from an imported seed (by pack name), and on a shared store written
   * over what it held for the session (src/mock/snapshot/apply-snapshot.ts).
   */
  restorePackStates(session: string, seeds: ReadonlyMap<string, unknown>): Promise<Map<string, unknown>>;
  restoreRecords(session: string, data: RecordData): Promise<RecordStore>;
}

/** A session's document of one kind of state in a shared store (`--store`). */
export type SharedDocuments = (session: string, kind: string) => SharedDocument;

/** The inferred resources' seed records, and the names of every resource served as CRUD. */
export interface ResourceSeed {
  records: RecordData;
  resources: ReadonlySet<string>;
}

/**
 * Makes each session's states from seeds built once here: a pack's seed data (for the packs in
 * use) and the inferred resources' records. Sessions and resets copy from them.
 */
export function sessionStates(packs: readonly AnyPack[], document: Document, seed: number, resourceSeed: ResourceSeed, shared?: SharedDocuments): SessionStates {
  const seeds = packs.map((pack) => [pack, pack.seed(document, seed)] as const);
  const first = packs[0];
  const packState = (session: string, pack: AnyPack, data: unknown) =>
    shared && pack.createSharedState ? pack.createSharedState(data, shared(session, `pack:${pack.name}`)) : pack.createState(data);
  const restoredState = async (session: string, pack: AnyPack, data: unknown) => {
    if (!shared || !pack.createSharedState) return pack.createState(data);
    if (!pack.restoreSharedState) throw new Error(`the ${pack.name} pack cannot restore a snapshot on a shared store`);
    return pack.restoreSharedState(data, shared(session, `pack:${pack.name}`));
  };
  const { records } = resourceSeed;
  const fit = (held: RecordData) => fitRecords(held, records, resourceSeed.resources);
  const newRecords = (session: string) => (shared ? createSharedRecordStore(records, shared(session, 'records'), fit) : createMemoryRecordStore(records));
  return {
    newPackStates: (session) => new Map(seeds.map(([pack, data]) => [pack.name, packState(session, pack, data)])),
    newRecords,
    inspected: (states, store) => (first ? { snapshot: () => first.snapshot(states.get(first.name)) } : store),
    carryPacks: (session, held) => new Map(seeds.map(([pack, data]) => [pack.name, held.has(pack.name) ? held.get(pack.name) : packState(session, pack, data)])),
    carryRecords: (session, held) => {
      // A store in this process is fitted in place, so a request still holding it writes into the
      // kept records; a shared one is read anew (and fitted) from the shared store.
      if (shared || !held.refit) return newRecords(session);
      held.refit(fit);
      return held;
    },
    restorePackStates: async (session, given) => {
      const states = new Map<string, unknown>();
      for (const pack of packs) states.set(pack.name, await restoredState(session, pack, given.get(pack.name)));
      return states;
    },
    restoreRecords: async (session, data) => (shared ? restoreSharedRecordStore(data, shared(session, 'records'), fit) : createMemoryRecordStore(data)),
  };
}
