import { recordKey, type RecordData, type RecordStore, type StoredRecord } from './record-store.js';

type Scopes = Map<string, Map<string, StoredRecord>>;

/**
 * A RecordStore in memory for one session. Made from seed data by copying the Maps, not the
 * records (seed records are frozen and shared by every session). Methods never await, so each
 * runs whole before another request can interleave.
 */
export function createMemoryRecordStore(seed: RecordData): RecordStore {
  const resources = copyResources(seed);
  const sequences = new Map(seed.sequences);
  const scopeOf = (resource: string, scope: string, create: boolean): Map<string, StoredRecord> | undefined => {
    let scopes = resources.get(resource);
    if (!scopes) {
      if (!create) return undefined;
      resources.set(resource, (scopes = new Map()));
    }
    let records = scopes.get(scope);
    if (!records && create) scopes.set(scope, (records = new Map()));
    return records;
  };
  return {
    list: async (resource, scope) => [...(scopeOf(resource, scope, false)?.values() ?? [])],
    get: async (resource, scope, id) => scopeOf(resource, scope, false)?.get(id),
    put: async (resource, scope, id, record) => {
      scopeOf(resource, scope, true)!.set(id, Object.isFrozen(record) ? record : Object.freeze({ ...record }));
      // A client's own integer id moves the sequence past it, so the server never hands it out again.
      if (/^\d{1,15}$/.test(id) && Number(id) >= (sequences.get(resource) ?? 1)) sequences.set(resource, Number(id) + 1);
    },
    remove: async (resource, scope, id) => {
      const records = scopeOf(resource, scope, false);
      if (!records?.delete(id)) return false;
      // Records of nested collections belong to their parent: they go with it.
      const key = recordKey(scope, id);
      for (const scopes of resources.values()) {
        for (const child of [...scopes.keys()]) if (child === key || child.startsWith(`${key}/`)) scopes.delete(child);
      }
      return true;
    },
    nextId: async (resource) => {
      const next = sequences.get(resource) ?? 1;
      sequences.set(resource, next + 1);
      return next;
    },
    snapshot: async () => ({ resources: copyResources({ resources }), sequences: new Map(sequences) }),
    refit: (fit) => {
      // Copied before clearing: `fit` may hand back the very maps it was given.
      const fitted = fit({ resources, sequences });
      const [nextResources, nextSequences] = [copyResources(fitted), new Map(fitted.sequences)];
      resources.clear();
      for (const [name, scopes] of nextResources) resources.set(name, scopes);
      sequences.clear();
      for (const [name, next] of nextSequences) sequences.set(name, next);
    },
  };
}

/** The Maps copied, the frozen records shared. */
function copyResources(data: Pick<RecordData, 'resources'>): Map<string, Scopes> {
  return new Map([...data.resources].map(([resource, scopes]) => [resource, new Map([...scopes].map(([scope, records]) => [scope, new Map(records)]))]));
}

export const EMPTY_RECORDS: RecordData = { resources: new Map(), sequences: new Map() };
