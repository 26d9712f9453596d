import { createMemoryRecordStore } from './memory-record-store.js';
import type { RecordData, RecordStore, StoredRecord } from './record-store.js';
import { SharedState, type SharedDocument } from './shared-document.js';

type Entries<K, V> = [K, V][];
interface StoredRecords {
  resources: Entries<string, Entries<string, Entries<string, StoredRecord>>>;
  sequences: Entries<string, number>;
}

function toText(data: RecordData): string {
  const stored: StoredRecords = {
    resources: [...data.resources].map(([resource, scopes]) => [resource, [...scopes].map(([scope, records]) => [scope, [...records]])]),
    sequences: [...data.sequences],
  };
  return JSON.stringify(stored);
}

function fromText(text: string): RecordData {
  const stored = JSON.parse(text) as StoredRecords;
  return {
    resources: new Map(stored.resources.map(([resource, scopes]) => [resource, new Map(scopes.map(([scope, records]) => [scope, new Map(records.map(([id, record]) => [id, Object.freeze(record)]))]))])),
    sequences: new Map(stored.sequences),
  };
}

type Fit = (stored: RecordData) => RecordData;
const asStored: Fit = (stored) => stored;

/**
 * The generic records of one session in a shared store (Redis): each call runs the memory
 * store's own logic on a fresh read and is written only if nobody wrote in between
 * (src/store/shared-document.ts), so ids are never handed out twice and no change is lost.
 * `fit` adapts what is stored to the document being served (--watch, fit-records.ts).
 */
export function createSharedRecordStore(seed: RecordData, document: SharedDocument, fit: Fit = asStored): RecordStore {
  return recordStoreOver(sharedRecords(seed, document, fit));
}

/** The records of an imported snapshot, written over what the shared store held for the session. */
export async function restoreSharedRecordStore(data: RecordData, document: SharedDocument, fit: Fit = asStored): Promise<RecordStore> {
  return recordStoreOver(await sharedRecords(data, document, fit).overwrite());
}

function sharedRecords(seed: RecordData, document: SharedDocument, fit: Fit): SharedState<RecordStore> {
  return new SharedState<RecordStore>(document, {
    seed: () => createMemoryRecordStore(seed),
    // What another document version wrote is read fitted to this one (fit-records.ts).
    parse: (text) => createMemoryRecordStore(fit(fromText(text))),
    serialize: async (store) => toText(await store.snapshot()),
  });
}

function recordStoreOver(shared: SharedState<RecordStore>): RecordStore {
  const change = <T>(apply: (store: RecordStore) => Promise<T>) => shared.update(apply);
  return {
    list: (resource, scope) => shared.read().then((s) => s.list(resource, scope)),
    get: (resource, scope, id) => shared.read().then((s) => s.get(resource, scope, id)),
    put: (resource, scope, id, record) => change((s) => s.put(resource, scope, id, record)),
    remove: (resource, scope, id) => change((s) => s.remove(resource, scope, id)),
    nextId: (resource) => change((s) => s.nextId(resource)),
    snapshot: () => shared.read(true).then((s) => s.snapshot()),
  };
}
