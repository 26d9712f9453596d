import { assertNoRef, type MergedSchema } from '../../generation/merge-all-of.js';
import type { Schema } from '../../spec/openapi.js';

/** A field the server stamps on every write, not only the first: `updatedAt`, `modified_on`, `lastChanged`. */
const ON_EVERY_WRITE = /updat|modif|chang|edit|^last/i;

type Stamp = readonly [name: string, format: 'date-time' | 'date'];
interface Stamps {
  onCreate: readonly Stamp[];
  onWrite: readonly Stamp[];
}
/** Worked out once per record schema (this runs on every write). */
const stampsOf = new WeakMap<MergedSchema, Stamps>();

/**
 * The times a server makes when it writes a record, by the session's clock: every `readOnly`
 * `date-time` (or `date`) field on a create (`createdAt` is when the request came, not a random
 * day of the generator's window, which put it in the future), and those named for the last
 * change on every later write. A field with a pattern or an enum is left to the generator.
 */
export function serverTimes(record: MergedSchema, now: number, creating: boolean): Record<string, string> {
  let stamps = stampsOf.get(record);
  if (!stamps) stampsOf.set(record, (stamps = stampsFor(record)));
  const list = creating ? stamps.onCreate : stamps.onWrite;
  const stamped: Record<string, string> = {};
  if (list.length === 0) return stamped;
  const iso = new Date(now).toISOString();
  for (const [name, format] of list) stamped[name] = format === 'date' ? iso.slice(0, 10) : iso;
  return stamped;
}

function stampsFor(record: MergedSchema): Stamps {
  const onCreate: Stamp[] = [];
  for (const [name, raw] of Object.entries((record.properties ?? {}) as Record<string, Schema>)) {
    const property = assertNoRef(raw);
    if (property.readOnly !== true || property.pattern || property.enum) continue;
    if (property.format === 'date-time' || property.format === 'date') onCreate.push([name, property.format]);
  }
  return { onCreate, onWrite: onCreate.filter(([name]) => ON_EVERY_WRITE.test(name)) };
}
