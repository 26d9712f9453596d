/**
 * The API keys of the mock, shared by every session (INTERFACE.md section 8): the demo keys, the
 * keys of the config file and those added through `/__admin/keys`.
 */
import type { KeyConfig } from './key-config.js';
import { BUILT_IN_PLANS, demoKeys } from './plans.js';
import type { ApiKeyRecord, Limits } from './types.js';

/**
 * `add` of a key that already exists. The admin layer answers it with 409; the message carries
 * the masked key only.
 */
export class DuplicateKeyError extends Error {
  constructor(readonly key: string) {
    super(`API key ${maskKey(key)} already exists`);
    this.name = 'DuplicateKeyError';
  }
}

export class KeyRegistry {
  private readonly keys = new Map<string, Readonly<ApiKeyRecord>>();

  /**
   * @param plans every plan a key may name (built-in ones included), used to check added keys
   * @param records the initial keys; a repeated key throws DuplicateKeyError
   */
  constructor(
    readonly plans: ReadonlyMap<string, Readonly<Limits>> = BUILT_IN_PLANS,
    records: Iterable<ApiKeyRecord> = demoKeys(plans),
  ) {
    for (const record of records) this.add(record);
  }

  /** The demo keys (with the config's plan limits) followed by the config file's keys. */
  static fromConfig(config: Pick<KeyConfig, 'plans' | 'keys'>): KeyRegistry {
    return new KeyRegistry(config.plans, [...demoKeys(config.plans), ...config.keys]);
  }

  get(key: string): Readonly<ApiKeyRecord> | undefined {
    return this.keys.get(key);
  }

  /** Every key, in the order it was added. */
  list(): Readonly<ApiKeyRecord>[] {
    return [...this.keys.values()];
  }

  /**
   * Adds a key already validated at the edge (see parseNewKey). Throws DuplicateKeyError when the
   * key exists, and a plain Error when it names no plan (a caller bug, not user input).
   */
  add(record: ApiKeyRecord): Readonly<ApiKeyRecord> {
    if (this.keys.has(record.key)) throw new DuplicateKeyError(record.key);
    if (!this.plans.has(record.plan)) throw new Error(`API key ${maskKey(record.key)} names no plan "${record.plan}"`);
    const stored = Object.freeze({
      key: record.key,
      plan: record.plan,
      perMinute: record.perMinute,
      perDay: record.perDay,
      scope: record.scope,
    });
    this.keys.set(record.key, stored);
    return stored;
  }

  /** Every key replaced by these, in this order (a replica catching up with keys changed elsewhere). */
  replaceAll(records: Iterable<ApiKeyRecord>): void {
    this.keys.clear();
    for (const record of records) if (!this.keys.has(record.key)) this.add(record);
  }

  /** Removes a key (demo keys too, until the next start); false when there was none. */
  remove(key: string): boolean {
    return this.keys.delete(key);
  }
}

/**
 * A key as it may appear in logs and the request journal: its first 4 and last 2 characters
 * (`demo-free` -> `demo…ee`). A key of 6 characters or fewer would be shown almost or entirely in
 * full that way, so it is masked completely as `…`.
 */
export function maskKey(key: string): string {
  if (key.length <= 6) return '…';
  return key.slice(0, 4) + '…' + key.slice(-2);
}
