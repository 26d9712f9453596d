import type { Header, Schema } from '../spec/openapi.js';
import type { Operation } from '../spec/operation-index.js';
import { responseFor } from './documented-responses.js';

type Rewrite = readonly [name: string, format: 'date-time' | 'date'];
const NONE: readonly Rewrite[] = [];
const rewrites = new WeakMap<Operation, Map<number, readonly Rewrite[]>>();

/**
 * Headers the kit adds (rate limits, `Retry-After`, `Sunset`) in the format the document declares
 * for them (INTERFACE section 15, "Headers the document declares win"): a header the answer's
 * documented response declares as a `date-time` (or `date`) string is written as one, where the
 * kit writes unix seconds (`X-RateLimit-Reset: 1795000000`), seconds from now (`Retry-After: 30`)
 * or an HTTP date. Headers declared as integers, or not declared, stay as section 5 writes them.
 * Worked out once per operation and status; most answers have nothing to rewrite.
 */
export function inDeclaredFormats(operation: Operation, status: number, headers: Record<string, string>, now: number): void {
  let byStatus = rewrites.get(operation);
  if (!byStatus) rewrites.set(operation, (byStatus = new Map()));
  let list = byStatus.get(status);
  if (!list) byStatus.set(status, (list = rewritesOf(operation, status)));
  for (const [name, format] of list) {
    const value = headers[name];
    if (value === undefined) continue;
    const instant = instantOf(value, now);
    if (instant === undefined) continue;
    const iso = new Date(instant).toISOString();
    headers[name] = format === 'date' ? iso.slice(0, 10) : iso;
  }
}

function rewritesOf(operation: Operation, status: number): readonly Rewrite[] {
  const declared = responseFor(operation, status)?.headers as Record<string, Header> | undefined;
  if (!declared) return NONE;
  const out: Rewrite[] = [];
  for (const [name, header] of Object.entries(declared)) {
    const schema = (header as { schema?: Schema }).schema;
    const format = schema?.format;
    if ((format === 'date-time' || format === 'date') && (schema?.type === undefined || schema.type === 'string')) out.push([canonical(name), format]);
  }
  return out.length === 0 ? NONE : out;
}

/** The kit writes its headers in these spellings; a document may declare them in any case. */
const KIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'Sunset', 'Deprecation', 'RateLimit-Reset'];

function canonical(name: string): string {
  return KIT_HEADERS.find((kit) => kit.toLowerCase() === name.toLowerCase()) ?? name;
}

/**
 * The instant a header value names: unix seconds (ten digits and more), seconds from now (a
 * smaller number, as `Retry-After`), an RFC 9745 `@seconds`, or an HTTP date.
 */
function instantOf(value: string, now: number): number | undefined {
  const seconds = /^@?(\d+)(\.\d+)?$/.exec(value);
  if (seconds) {
    const n = Number(seconds[1]! + (seconds[2] ?? ''));
    return value.startsWith('@') || n >= 1e9 ? n * 1000 : now + n * 1000;
  }
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}
