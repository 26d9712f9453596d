import type { Schema } from '../../spec/openapi.js';

export type Row = Record<string, unknown>;

const isObject = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * JSON merge patch (RFC 7396 section 2, the whole algorithm): an object patch merges member by
 * member, `null` removes a member, anything else replaces. Written out rather than taken from a
 * package: it is the RFC's ten-line pseudo-code, and the runner needs only this function.
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const result: Row = isObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = mergePatch(result[name], value);
  }
  return result;
}

/** Whether a read-back holds a value as the model expects it: equal JSON, an absent member as absent (or null). */
export function holdsExactly(got: unknown, expected: unknown): boolean {
  if (expected === undefined) return got === undefined || got === null;
  if (isObject(expected) && isObject(got)) return Object.keys(expected).every((k) => holdsExactly(got[k], expected[k]));
  return JSON.stringify(expected) === JSON.stringify(got);
}

/**
 * The members a PATCH named that do not read back as the merge makes them: a value set and not
 * held, or a `null` sent and the member still there.
 */
export function patchDifferences(before: Row, sent: Row, after: Row | undefined): string[] {
  const expected = mergePatch(before, sent) as Row;
  return Object.keys(sent).filter((k) => !holdsExactly(after?.[k], expected[k]));
}

/**
 * The members a PUT left out that its read-back does not show as a replacement makes them (RFC
 * 9110 section 9.3.4: the sent representation replaces the record). Where a model rule says the
 * API keeps a member a PUT leaves out (section 7: a pet's `status`), it must read back unchanged.
 * Else the PUT must not keep a value that a create with the same body (`twin`) does not give: a
 * server default the twin shows may come back, a value only the old record had may not. A
 * default the server makes anew each time (a generated value) is not taken for a kept one.
 */
export function putDifferences(writable: readonly string[], sent: Row, before: Row, after: Row | undefined, kept: readonly string[], twin: Row | undefined): { field: string; expected: unknown; reason: string }[] {
  const out: { field: string; expected: unknown; reason: string }[] = [];
  for (const field of writable) {
    if (field in sent || before[field] === undefined) continue;
    if (kept.includes(field)) {
      if (!holdsExactly(after?.[field], before[field])) out.push({ field, expected: before[field], reason: 'the API keeps it when a PUT leaves it out' });
    } else if (twin && holdsExactly(after?.[field], before[field]) && !holdsExactly(twin[field], before[field])) {
      out.push({ field, expected: twin[field], reason: twin[field] === undefined ? 'a PUT replaces the record, and a create with the same body has none' : 'a PUT replaces the record, and a create with the same body gives another value' });
    }
  }
  return out;
}

/** Whether a PUT leaving out `writable` members needs a twin to judge: some member it leaves out that the record has and no rule keeps. */
export function needsTwin(writable: readonly string[], sent: Row, before: Row, kept: readonly string[]): boolean {
  return writable.some((f) => !(f in sent) && before[f] !== undefined && !kept.includes(f));
}

/** The members a client may write: the request schema's properties, less the read-only ones. */
export function writableFields(schema: Schema | undefined): string[] {
  return Object.entries(schema?.properties ?? {}).filter(([, p]) => !(p as Schema).readOnly).map(([name]) => name);
}
