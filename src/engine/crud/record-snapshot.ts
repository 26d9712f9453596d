import type { ErrorDetail } from '../../core/errors.js';
import { escapePointer } from '../../spec/parse-document-text.js';
import { recordKey, type RecordData, type StoredRecord } from '../../store/record-store.js';
import type { Resource } from '../../spec/resource-model.js';

/**
 * The records of inferred resources in a snapshot (docs/snapshot-format.md): per resource its
 * id counter and its records, each with its parent's ids when the resource is nested.
 */
export interface ResourceSnapshot {
  /** The next integer id the server hands out; absent when the resource has never used one. */
  nextId?: number;
  records: RecordEntry[];
}

export interface RecordEntry {
  /** The record's id; left out when the record's id field holds it. */
  id?: string;
  /** A nested record's parents: each ancestor's item parameter and its id (`{"ownerId": "3"}`). */
  parent?: Record<string, string>;
  record: Record<string, unknown>;
}

/** Checks one record against its resource's schema: problems with paths under `path`. */
export type RecordCheck = (resource: Resource, record: unknown, path: string) => ErrorDetail[];

export type RestoredRecords = { ok: true; data: RecordData } | { ok: false; problems: ErrorDetail[] };

/** A record id that is a sequence number (the memory store moves its counter past such ids). */
const INTEGER_ID = /^\d{1,15}$/;

/** The ancestors of a nested resource, outermost first. */
function ancestorsOf(resource: Resource): Resource[] {
  const chain: Resource[] = [];
  for (let r = resource.parent; r; r = r.parent) chain.unshift(r);
  return chain;
}

export function exportRecords(data: RecordData, resources: readonly Resource[]): Record<string, ResourceSnapshot> {
  const out: Record<string, ResourceSnapshot> = {};
  for (const resource of resources) {
    const ancestors = ancestorsOf(resource);
    const records: RecordEntry[] = [];
    for (const [scope, byId] of data.resources.get(resource.name) ?? []) {
      const ids = scope === '' ? [] : scope.slice(1).split('/').map(decodeURIComponent);
      const parent = ancestors.length > 0 ? Object.fromEntries(ancestors.map((a, i) => [a.itemParam, ids[i] ?? ''])) : undefined;
      for (const [id, record] of byId) {
        const own = resource.idField ? record[resource.idField] : undefined;
        // Keys in this order, so the file reads id, parent, record.
        const entry: Partial<RecordEntry> = own === undefined || String(own) !== id ? { id } : {};
        if (parent) entry.parent = parent;
        entry.record = { ...record };
        records.push(entry as RecordEntry);
      }
    }
    const nextId = data.sequences.get(resource.name);
    out[resource.name] = nextId === undefined ? { records } : { nextId, records };
  }
  return out;
}

/**
 * Reads the `resources` part of a snapshot, all or nothing: every resource must be one of the
 * document's, every record valid against its schema, its parent present, its id unique in its
 * scope, and `nextId` past every integer id. `resources` come parents first.
 */
export function importRecords(value: unknown, path: string, resources: readonly Resource[], check: RecordCheck): RestoredRecords {
  const problems: ErrorDetail[] = [];
  const stored = new Map<string, Map<string, Map<string, StoredRecord>>>();
  const sequences = new Map<string, number>();
  if (value === undefined) return { ok: true, data: { resources: stored, sequences } };
  if (!isObject(value)) return { ok: false, problems: [{ path, message: 'must be an object of resources by name' }] };
  const byName = new Map(resources.map((r) => [r.name, r]));
  for (const name of Object.keys(value)) {
    if (!byName.has(name)) {
      const known = resources.map((r) => r.name).join(', ') || 'none';
      problems.push({ path: `${path}/${escapePointer(name)}`, message: `the document has no resource "${name}" (its resources: ${known})` });
    }
  }
  for (const resource of resources) {
    const given = value[resource.name];
    if (given === undefined) continue;
    const at = `${path}/${escapePointer(resource.name)}`;
    if (!isObject(given)) {
      problems.push({ path: at, message: 'must be an object {"nextId"?, "records": [...]}' });
      continue;
    }
    for (const field of Object.keys(given)) if (field !== 'nextId' && field !== 'records') problems.push({ path: `${at}/${escapePointer(field)}`, message: 'is not a field of a resource (nextId, records)' });
    const scopes = new Map<string, Map<string, StoredRecord>>();
    stored.set(resource.name, scopes);
    const firstAt = new Map<string, number>();
    let largest = 0;
    const entries = given.records ?? [];
    if (!Array.isArray(entries)) problems.push({ path: `${at}/records`, message: 'must be an array' });
    else {
      entries.forEach((entry: unknown, i: number) => {
        const where = `${at}/records/${i}`;
        const read = readEntry(entry, where, resource, stored);
        if ('problems' in read) return void problems.push(...read.problems);
        problems.push(...check(resource, read.record, `${where}/record`));
        const key = recordKey(read.scope, read.id);
        if (firstAt.has(key)) return void problems.push({ path: `${where}`, message: `id "${read.id}" is used twice${read.scope ? ' under the same parent' : ''} (also at records/${firstAt.get(key)})` });
        firstAt.set(key, i);
        if (INTEGER_ID.test(read.id)) largest = Math.max(largest, Number(read.id));
        let records = scopes.get(read.scope);
        if (!records) scopes.set(read.scope, (records = new Map()));
        records.set(read.id, Object.freeze({ ...read.record }));
      });
    }
    const nextId = given.nextId;
    if (nextId !== undefined) {
      if (!Number.isSafeInteger(nextId) || (nextId as number) < 1) problems.push({ path: `${at}/nextId`, message: 'must be an integer >= 1' });
      else if ((nextId as number) <= largest) problems.push({ path: `${at}/nextId`, message: `must be greater than every integer id of the resource (the largest is ${largest}), or ids would be handed out twice` });
      else sequences.set(resource.name, nextId as number);
    } else if (largest > 0) sequences.set(resource.name, largest + 1);
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, data: { resources: stored, sequences } };
}

type ReadEntry = { id: string; scope: string; record: Record<string, unknown> } | { problems: ErrorDetail[] };

function readEntry(entry: unknown, where: string, resource: Resource, stored: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, StoredRecord>>>): ReadEntry {
  if (!isObject(entry)) return { problems: [{ path: where, message: 'must be an object {"id"?, "parent"?, "record": {...}}' }] };
  const problems: ErrorDetail[] = [];
  for (const field of Object.keys(entry)) if (!['id', 'parent', 'record'].includes(field)) problems.push({ path: `${where}/${escapePointer(field)}`, message: 'is not a field of a record entry (id, parent, record)' });
  const record = entry.record;
  if (!isObject(record)) return { problems: [...problems, { path: `${where}/record`, message: 'must be the record, a JSON object' }] };
  const own = resource.idField ? record[resource.idField] : undefined;
  const ownId = typeof own === 'string' || typeof own === 'number' ? String(own) : undefined;
  const givenId = typeof entry.id === 'string' || typeof entry.id === 'number' ? String(entry.id) : undefined;
  if (entry.id !== undefined && (givenId === undefined || givenId === '')) problems.push({ path: `${where}/id`, message: 'must be a non-empty string' });
  else if (givenId !== undefined && ownId !== undefined && givenId !== ownId) {
    problems.push({ path: `${where}/id`, message: `is "${givenId}" but the record's ${resource.idField} is "${ownId}"` });
  }
  const id = givenId ?? ownId;
  if (id === undefined || id === '') problems.push({ path: `${where}/id`, message: resource.idField ? `is required (or the record's "${resource.idField}")` : 'is required (the record has no id field)' });

  const ancestors = ancestorsOf(resource);
  let scope = '';
  const parent = entry.parent;
  if (ancestors.length === 0) {
    if (parent !== undefined) problems.push({ path: `${where}/parent`, message: `"${resource.name}" is not nested under another resource` });
  } else if (!isObject(parent)) {
    problems.push({ path: `${where}/parent`, message: `is required: {${ancestors.map((a) => `"${a.itemParam}": id`).join(', ')}} (the record belongs to a ${ancestors.at(-1)!.name} record)` });
  } else {
    for (const name of Object.keys(parent)) if (!ancestors.some((a) => a.itemParam === name)) problems.push({ path: `${where}/parent/${escapePointer(name)}`, message: `is not a parent of "${resource.name}" (its parents: ${ancestors.map((a) => a.itemParam).join(', ')})` });
    for (const ancestor of ancestors) {
      const value = parent[ancestor.itemParam];
      const parentId = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      if (parentId === '') {
        problems.push({ path: `${where}/parent/${escapePointer(ancestor.itemParam)}`, message: 'is required: the id of the parent record' });
        return { problems };
      }
      if (!stored.get(ancestor.name)?.get(scope)?.has(parentId)) {
        problems.push({ path: `${where}/parent/${escapePointer(ancestor.itemParam)}`, message: `names no ${ancestor.name} record "${parentId}" in this snapshot (a nested record needs its parent)` });
        return { problems };
      }
      scope = recordKey(scope, parentId);
    }
  }
  return problems.length > 0 ? { problems } : { id: id!, scope, record };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
