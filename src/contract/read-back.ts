import type { ReadBack } from './checks/types.js';
import type { Operation } from '../spec/operation-index.js';
import type { Exchange } from './events.js';
import { parseLinks } from './http-syntax.js';

/**
 * Sends a GET and records it (checked like any other response) — provided by the case runner.
 * Undefined when it did not send it: the URL named another origin.
 */
export type Getter = (url: string) => Promise<Exchange | undefined>;

/**
 * Reads a record back: a GET of its URL. A 410 from a sunset operation names its successor in a
 * `Link` with `rel="successor-version"` (RFC 8594 / section 3), so the record is looked up there:
 * a list is searched for the item whose `id` (or the id parameter's name) matches.
 */
export async function readBack(get: Getter, url: string, id: { param: string; value: string } | undefined, reader?: Operation): Promise<ReadBack> {
  const found = await readRecord(get, url, id);
  return reader ? { ...found, reader } : found;
}

async function readRecord(get: Getter, url: string, id: { param: string; value: string } | undefined): Promise<ReadBack> {
  const first = await get(url);
  if (!first) return { outcome: 'not-followed', exchanges: [] };
  const exchanges = [first];
  const { status } = first.response;
  if (status >= 200 && status < 300) return { outcome: 'found', record: first.response.body, exchanges };
  if (status === 404) return { outcome: 'not-found', exchanges };
  if (status !== 410) return { outcome: 'other', exchanges };
  const successor = parseLinks(first.response.headers['link'] ?? '').find((l) => l.rel.includes('successor-version'));
  if (!successor) return { outcome: 'gone', exchanges };
  const next = await get(new URL(successor.target, url).toString());
  if (!next) return { outcome: 'not-followed', exchanges };
  exchanges.push(next);
  if (next.response.status < 200 || next.response.status >= 300) return { outcome: 'other', exchanges };
  const body = next.response.body;
  if (!Array.isArray(body)) return { outcome: 'found', record: body, exchanges };
  const record = id ? body.find((item) => isRecord(item) && (String(item.id) === id.value || String(item[id.param]) === id.value)) : body[0];
  return record === undefined ? { outcome: 'not-found', exchanges } : { outcome: 'found', record, exchanges };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
