/**
 * One session's state of one kind (a pack's state, the generic records) kept as one versioned
 * document in a shared store, changed by optimistic concurrency: read the document and its
 * version, apply the pure change in this process, write only if the version is still the one
 * read (one atomic compare-and-set), else read again and retry. No read-modify-write race: a
 * change computed from a stale read is never written (docs/decisions/023-redis-atomicity.md).
 */
import { StoreUnavailableError } from './store-unavailable-error.js';

export interface VersionedText {
  /** null: never written (the session starts from the seed), or `unchanged`. */
  text: string | null;
  version: string;
  /** The version is the one the reader holds: it may keep what it parsed (no text sent). */
  unchanged?: boolean;
}

/**
 * What a shared backend provides per session and kind of state. A version names one text for
 * good (never reused, not even after a reset), so a reader may keep a parsed copy per version.
 */
export interface SharedDocument {
  /**
   * The document now. A backend may answer from what its per-request step last read (Redis does:
   * that step reads every document of the session, so a request's reads cost no round trip);
   * `fresh` asks Redis itself, for reads outside a request (snapshots).
   */
  read(held?: string, fresh?: boolean): Promise<VersionedText>;
  /** Writes `text` if the version is still `version`: the new version, or undefined when another writer came first. */
  write(version: string, text: string): Promise<string | undefined>;
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
  /**
   * The state parsed at `version`, and its text. Never changed once kept: a read in flight may
   * still be looking at it, so a change works on its own copy parsed from the text.
   */
  private kept: { version: string; state: S; text: string | null } | undefined;

  constructor(
    private readonly document: SharedDocument,
    private readonly codec: Codec<S>,
  ) {}

  /**
   * The state as it is now (a consistent read: one document); parsed only when it changed.
   * Within a request, after its start; `fresh` for reads outside one (see SharedDocument.read).
   */
  async read(fresh = false): Promise<S> {
    return (await this.current(fresh)).state;
  }

  private async current(fresh = false): Promise<{ version: string; state: S; text: string | null }> {
    const held = this.kept;
    const { text, version, unchanged } = await this.document.read(held?.version, fresh);
    if (unchanged && held && held.version === version) return held;
    const parsed = { version, state: this.parse(text), text };
    this.kept = parsed;
    return parsed;
  }

  private parse(text: string | null): S {
    return text === null ? this.codec.seed() : this.codec.parse(text);
  }

  /**
   * Writes the codec's seed over whatever the document holds (a snapshot imported: the seed is
   * the imported state), whoever wrote last; retried only when another write lands in between.
   */
  async overwrite(): Promise<this> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { version } = await this.current();
      const state = this.codec.seed();
      const text = await this.codec.serialize(state);
      const written = await this.document.write(version, text);
      if (written !== undefined) {
        this.kept = { version: written, state, text };
        return this;
      }
    }
    throw new StoreUnavailableError(`the shared state stayed contended for ${MAX_ATTEMPTS} attempts`);
  }

  /**
   * Applies `change` (which mutates the state it is given, or throws and then writes nothing)
   * atomically: retried on a fresh read whenever another process wrote in between.
   */
  async update<T>(change: (state: S) => T | Promise<T>): Promise<T> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { version, text } = await this.current();
      const state = this.parse(text);
      const result = await change(state);
      const newText = await this.codec.serialize(state);
      const written = await this.document.write(version, newText);
      if (written !== undefined) {
        this.kept = { version: written, state, text: newText };
        return result;
      }
    }
    throw new StoreUnavailableError(`the shared state stayed contended for ${MAX_ATTEMPTS} attempts`);
  }
}
