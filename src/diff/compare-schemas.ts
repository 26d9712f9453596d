import type { Change } from './change.js';
import { ruleLevel, type DiffRuleId } from './diff-rules.js';
import { member } from './json-path.js';
import { isObject, typesWithin, viewSchema, type SchemaView } from './schema-view.js';

/** Where a schema sits: a request (what clients send) or a success answer (what clients read). */
export interface SchemaPlace {
  direction: 'request' | 'response';
  operation: string;
  /** JSON path of the old schema. */
  path: string;
  /** How a reader names the value: `body`, `body.tags[]`, `query parameter status`. */
  field: string;
  /** Said after the field: ` in the 200 answer (application/json)`. */
  where: string;
}

const MAX_DEPTH = 40;

/**
 * Every change between two schemas at one place that a client would notice, by the rules of
 * diff-rules.ts. A request may accept more and an answer may say less; the reverse breaks.
 */
export function compareSchemas(before: unknown, after: unknown, place: SchemaPlace, out: Change[]): void {
  walk(before, after, place, out, new WeakMap(), 0);
}

function walk(before: unknown, after: unknown, place: SchemaPlace, out: Change[], seen: WeakMap<object, WeakSet<object>>, depth: number): void {
  if (!isObject(before) || !isObject(after) || depth > MAX_DEPTH) return;
  // A cyclic schema (kept linked by the loader) is compared once per pair.
  const pairs = seen.get(before) ?? new WeakSet<object>();
  if (pairs.has(after)) return;
  pairs.add(after);
  seen.set(before, pairs);

  const old = viewSchema(before);
  const now = viewSchema(after);
  const request = place.direction === 'request';
  const emit = (rule: DiffRuleId, message: string, path = place.path): void => {
    out.push({ level: ruleLevel(rule), rule, operation: place.operation, path, message: `${message}${place.where}` });
  };

  if (old.types && now.types) {
    const broken = request ? !typesWithin(old.types, now.types) : !typesWithin(now.types, old.types);
    if (broken) emit(request ? 'request-type-changed' : 'response-type-changed', `${place.field}: type ${show(old.types)} became ${show(now.types)}`);
  }
  if (old.format && now.format && old.format !== now.format) {
    emit(request ? 'request-format-changed' : 'response-format-changed', `${place.field}: format ${old.format} became ${now.format}`);
  }
  compareEnums(old, now, request, place.field, emit);

  for (const [name, property] of old.properties) {
    const field = `${place.field}.${name}`;
    const path = member(member(place.path, 'properties'), name);
    if (skipped(property, request)) continue;
    const next = now.properties.get(name);
    if (!next) {
      emit(request ? 'request-property-removed' : 'response-property-removed', `${field} was removed`, path);
      continue;
    }
    if (request && !old.required.has(name) && now.required.has(name)) emit('request-property-made-required', `${field} is now required`, path);
    if (!request && old.required.has(name) && !now.required.has(name)) emit('response-property-made-optional', `${field} is no longer required`, path);
    walk(property, next, { ...place, path, field }, out, seen, depth + 1);
  }
  for (const [name, property] of now.properties) {
    if (old.properties.has(name) || skipped(property, request)) continue;
    const field = `${place.field}.${name}`;
    if (!request) emit('response-property-added', `${field} was added`);
    else if (now.required.has(name)) emit('request-property-added-required', `${field} was added as required`);
    else emit('request-property-added-optional', `${field} was added (optional)`);
  }
  if (old.items && now.items) walk(old.items, now.items, { ...place, path: member(place.path, 'items'), field: `${place.field}[]` }, out, seen, depth + 1);
  if (old.additional && now.additional) {
    walk(old.additional, now.additional, { ...place, path: member(place.path, 'additionalProperties'), field: `${place.field}{}` }, out, seen, depth + 1);
  }
  if (old.alternatives.length > 0 && old.alternatives.length === now.alternatives.length) {
    old.alternatives.forEach((option, index) => {
      walk(option, now.alternatives[index], { ...place, path: `${place.path}(alternative ${index})`, field: `${place.field}(${index})` }, out, seen, depth + 1);
    });
  }
}

function compareEnums(old: SchemaView, now: SchemaView, request: boolean, field: string, emit: (rule: DiffRuleId, message: string) => void): void {
  if (!old.enum && !now.enum) return;
  const before = old.enum?.map(key);
  const after = now.enum?.map(key);
  const removed = before ? (after ? before.filter((v) => !after.includes(v)) : []) : undefined;
  const added = after ? (before ? after.filter((v) => !before.includes(v)) : []) : undefined;
  // No enum at all is every value: gaining one narrows, losing one widens.
  const narrowed = removed === undefined ? true : removed.length > 0;
  const widened = added === undefined ? true : added.length > 0;
  const list = (values: string[] | undefined): string => (values ?? []).join(', ');
  if (request) {
    if (narrowed) emit('request-enum-narrowed', removed ? `${field}: the enum no longer takes ${list(removed)}` : `${field}: now only ${list(after)}`);
    else if (widened) emit('request-enum-widened', `${field}: the enum also takes ${list(added)}`);
  } else {
    if (widened) emit('response-enum-widened', added ? `${field}: the answer may now hold ${list(added)}` : `${field}: the answer is no longer limited to ${list(before)}`);
    else if (narrowed) emit('response-enum-narrowed', `${field}: the answer no longer holds ${list(removed)}`);
  }
}

/** Properties a client never sends (readOnly) are not part of a request, nor writeOnly ones of an answer. */
function skipped(property: object, request: boolean): boolean {
  const view = property as { readOnly?: unknown; writeOnly?: unknown };
  return request ? view.readOnly === true : view.writeOnly === true;
}

function key(value: unknown): string {
  return JSON.stringify(value);
}

function show(types: Set<string>): string {
  return [...types].join('|');
}
