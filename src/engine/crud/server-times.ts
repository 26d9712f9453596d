import { assertNoRef, type MergedSchema } from '../../generation/merge-all-of.js';
import type { Schema } from '../../spec/openapi.js';

/** A field the server stamps on every write, not only the first: `updatedAt`, `modified_on`, `lastChanged`. */
const ON_EVERY_WRITE = /updat|modif|chang|edit|^last/i;

/**
 * The times a server makes when it writes a record, by the session's clock: every `readOnly`
 * `date-time` (or `date`) field on a create (`createdAt` is when the request came, not a random
 * day of the generator's window, which put it in the future), and those named for the last
 * change on every later write. A field with a pattern or an enum is left to the generator.
 */
export function serverTimes(record: MergedSchema, now: number, creating: boolean): Record<string, string> {
  const stamped: Record<string, string> = {};
  const iso = new Date(now).toISOString();
  for (const [name, raw] of Object.entries((record.properties ?? {}) as Record<string, Schema>)) {
    const property = assertNoRef(raw);
    if (property.readOnly !== true || property.pattern || property.enum) continue;
    if (!creating && !ON_EVERY_WRITE.test(name)) continue;
    if (property.format === 'date-time') stamped[name] = iso;
    else if (property.format === 'date') stamped[name] = iso.slice(0, 10);
  }
  return stamped;
}
