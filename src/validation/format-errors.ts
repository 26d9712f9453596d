import type { ErrorObject } from 'ajv';
import type { ErrorDetail } from '../core/errors.js';
import { escapePointer } from '../spec/parse-document-text.js';

const MAX_DETAILS = 20;
const MAX_ENUM_SHOWN = 20;

/**
 * Turns ajv errors into the Error object's `details`: `path` is where the problem is (`/body`,
 * `/query`, `/path`) followed by a JSON pointer to the offending field, `message` says what is
 * wrong in words a person can act on.
 */
export function formatErrors(where: string, errors: readonly ErrorObject[] | null | undefined): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  // A oneOf that failed only because the value fits several branches (an integer under oneOf
  // [string, integer, number]; an object under two branches with no `required`): the document's
  // schemas overlap, and the value is one the document means to take. It is accepted (neither the
  // oneOf nor its branches' "must be a string" count), as the mock did before decision 092.
  const overlaps = (errors ?? []).filter((e) => e.keyword === 'oneOf' && Array.isArray((e.params as { passingSchemas?: unknown }).passingSchemas));
  for (const e of errors ?? []) {
    if (overlaps.some((o) => o !== e && e.instancePath === o.instancePath && e.schemaPath.startsWith(`${o.schemaPath}/`))) continue;
    const detail = describe(where, e);
    if (!detail) continue;
    const key = `${detail.path} ${detail.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    details.push(detail);
    if (details.length === MAX_DETAILS) break;
  }
  return details;
}

function describe(where: string, e: ErrorObject): ErrorDetail | undefined {
  const at = where + e.instancePath;
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required':
      return { path: `${at}/${String(p.missingProperty)}`, message: 'is required' };
    case 'additionalProperties':
      return { path: `${at}/${escapePointer(String(p.additionalProperty))}`, message: 'is not a field of this request (unknown fields are rejected)' };
    case 'enum':
      return { path: at, message: enumMessage(p.allowedValues as unknown[]) };
    case 'type':
      return { path: at, message: `must be ${article(String(p.type))}` };
    case 'format':
      return { path: at, message: `must be a valid ${String(p.format)}${p.format === 'date-time' ? ' (ISO 8601 with a time zone, e.g. 2026-12-01T12:00:00Z)' : ''}` };
    case 'oneOf':
    case 'if':
    case 'anyOf':
    case 'allOf':
      return undefined;
    default:
      return { path: at, message: e.message ?? 'is invalid' };
  }
}

/** Every value when the list is short; a long one (a 20,000-value enum) is summed up. */
function enumMessage(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_ENUM_SHOWN).map((v) => JSON.stringify(v)).join(', ');
  if (values.length <= MAX_ENUM_SHOWN) return `must be one of: ${shown}`;
  return `must be one of the ${values.length} values the document lists (${shown}, …)`;
}

function article(type: string): string {
  return type === 'integer' || type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`;
}
