/** A stored record of an inferred resource: a JSON object, frozen. */
export type StoredRecord = Readonly<Record<string, unknown>>;

/**
 * Where an inferred resource's records live. `scope` places a record under its parent: '' for a
 * top-level collection, `/<parentId>` (each path parameter of the collection path, encoded) for
 * a nested one, so a record's own key is `scope + '/' + id` and its children's scope starts with
 * that key. Ids are strings (the path segment, decoded).
 *
 * Async at the boundary, like the pack stores, so a shared backend can implement it later.
 * Lists come back in insertion order (which is id order for sequence ids).
 */
export interface RecordStore {
  list(resource: string, scope: string): Promise<readonly StoredRecord[]>;
  get(resource: string, scope: string, id: string): Promise<StoredRecord | undefined>;
  /** Stores (or replaces, keeping its place in the list) a record. */
  put(resource: string, scope: string, id: string, record: StoredRecord): Promise<void>;
  /** Removes the record and every record under it (in any resource); false when it was absent. */
  remove(resource: string, scope: string, id: string): Promise<boolean>;
  /** The next integer id of a resource (one sequence per resource, never reused). */
  nextId(resource: string): Promise<number>;
  snapshot(): Promise<RecordData>;
  /**
   * Replaces every record by `fit(current)` at once, synchronously (stores held in this process
   * only; a shared store is made anew instead): how a reloaded document keeps a session's records.
   */
  refit?(fit: (current: RecordData) => RecordData): void;
}

/** Every record by resource, then scope, then id; and the integer sequences. */
export interface RecordData {
  readonly resources: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, StoredRecord>>>;
  readonly sequences: ReadonlyMap<string, number>;
}

export function recordKey(scope: string, id: string): string {
  return `${scope}/${encodeURIComponent(id)}`;
}
