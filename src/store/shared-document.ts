/**
 * One session's state of one kind (a pack's state, the generic records) kept as one versioned
 * document in a shared store, changed by optimistic concurrency: read the document and its
 * version, apply the pure change in this process, write only if the version is still the one
 * read (one atomic compare-and-set), else read again and retry. No read-modify-write race: a
 * change computed from a stale read is never written (docs/decisions/023-redis-atomicity.md).
 */
import { StoreUnavailableError } from './store-unavailable-error.js';

export interface VersionedText {
  /** null: never written (the session starts from the seed). */
  text: string | null;
  version: string;
}

/** What a shared backend provides per session and kind of state. */
export interface SharedDocument {
  read(): Promise<VersionedText>;
  /** Writes `text` if the version is still `version`; false when another writer came first. */
  write(version: string, text: string): Promise<boolean>;
}

/** Contention is short-lived (a request's worth); past this many lost races something is wrong. */
const MAX_ATTEMPTS = 200;

export interface Codec<S> {
  /** A fresh state from the seed (the document was never written, or was reset). */
  seed(): S;
  parse(text: string): S;
  serialize(state: S): string | Promise<string>;
}

export class SharedState<S> {
  constructor(
    private readonly document: SharedDocument,
    private readonly codec: Codec<S>,
  ) {}

  /** The state as it is now (a consistent read: one document). */
  async read(): Promise<S> {
    const { text } = await this.document.read();
    return text === null ? this.codec.seed() : this.codec.parse(text);
  }

  /**
   * Applies `change` (which mutates the state it is given, or throws and then writes nothing)
   * atomically: retried on a fresh read whenever another process wrote in between.
   */
  async update<T>(change: (state: S) => T | Promise<T>): Promise<T> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { text, version } = await this.document.read();
      const state = text === null ? this.codec.seed() : this.codec.parse(text);
      const result = await change(state);
      if (await this.document.write(version, await this.codec.serialize(state))) return result;
    }
    throw new StoreUnavailableError(`the shared state stayed contended for ${MAX_ATTEMPTS} attempts`);
  }
}
