/** Schemas larger than this are not keyed: writing their JSON could cost more than it saves. */
const MAX_PARTS = 2_000;
const TOO_LARGE = new Error('too large');

/**
 * A key that is the same for schemas written alike (their JSON), or undefined for one of more
 * than MAX_PARTS parts (a dereferenced document reaches a shared schema once per place, so its
 * JSON can be far larger than the document) or that JSON cannot write. Symbol-keyed links (the
 * loader's cyclic `$ref` targets) are left out, and the `$ref` text kept: within one document
 * the same text names the same target.
 */
export function schemaContentKey(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  let parts = 0;
  try {
    return JSON.stringify(schema, (_key, value: unknown) => {
      if (++parts > MAX_PARTS) throw TOO_LARGE;
      return value;
    });
  } catch {
    return undefined;
  }
}
