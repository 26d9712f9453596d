import type { Change } from './change.js';
import { compareSchemas } from './compare-schemas.js';
import { ruleLevel, type DiffRuleId } from './diff-rules.js';
import { member } from './json-path.js';
import { isObject } from './schema-view.js';
import type { OperationEntry } from './operations.js';

interface ParameterEntry {
  /** `query:limit`; path parameters by their place in the template, so renaming one is no change. */
  key: string;
  name: string;
  in: string;
  required: boolean;
  schema: unknown;
  path: string;
}

/** Parameters and the request body: what a client sent before must still be accepted. */
export function compareRequests(before: OperationEntry, after: OperationEntry, out: Change[]): void {
  const emit = (rule: DiffRuleId, message: string, path: string): void => {
    out.push({ level: ruleLevel(rule), rule, operation: before.label, path, message });
  };
  const old = parametersOf(before);
  const now = parametersOf(after);
  for (const [key, parameter] of old) {
    const next = now.get(key);
    const said = `${parameter.in} parameter ${parameter.name}`;
    if (!next) {
      emit('request-parameter-removed', `the ${said} is no longer documented`, parameter.path);
      continue;
    }
    if (!parameter.required && next.required) emit('request-parameter-made-required', `the ${said} is now required`, parameter.path);
    compareSchemas(parameter.schema, next.schema, { direction: 'request', operation: before.label, path: member(parameter.path, 'schema'), field: said, where: '' }, out);
  }
  for (const [key, parameter] of now) {
    if (old.has(key)) continue;
    const said = `${parameter.in} parameter ${parameter.name}`;
    if (parameter.required) emit('request-parameter-added-required', `a required ${said} was added`, parameter.path);
    else emit('request-parameter-added-optional', `an optional ${said} was added`, parameter.path);
  }
  compareBody(before, after, emit, out);
}

function compareBody(before: OperationEntry, after: OperationEntry, emit: (rule: DiffRuleId, message: string, path: string) => void, out: Change[]): void {
  const old = before.operation.requestBody as { required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined;
  const now = after.operation.requestBody as { required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined;
  const path = member(before.path, 'requestBody');
  if (!isObject(now)) return;
  if (!isObject(old)) {
    if (now.required === true) emit('request-body-added-required', 'a required request body was added', member(after.path, 'requestBody'));
    return;
  }
  if (old.required !== true && now.required === true) emit('request-body-made-required', 'the request body is now required', path);
  const newContent = isObject(now.content) ? now.content : {};
  for (const [media, value] of Object.entries(isObject(old.content) ? old.content : {})) {
    const mediaPath = member(member(path, 'content'), media);
    const next = newContent[media];
    if (!next) {
      emit('request-media-type-removed', `the request body is no longer accepted as ${media}`, mediaPath);
      continue;
    }
    compareSchemas(value?.schema, next.schema, { direction: 'request', operation: before.label, path: member(mediaPath, 'schema'), field: 'body', where: ` (request ${media})` }, out);
  }
}

function parametersOf(entry: OperationEntry): Map<string, ParameterEntry> {
  const names = [...entry.template.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
  const found = new Map<string, ParameterEntry>();
  const add = (list: unknown[], base: string): void => {
    list.forEach((value, index) => {
      if (!isObject(value)) return;
      const parameter = value as { name?: unknown; in?: unknown; required?: unknown; schema?: unknown; content?: Record<string, { schema?: unknown }> };
      if (typeof parameter.name !== 'string' || typeof parameter.in !== 'string') return;
      const where = parameter.in;
      const name = where === 'header' ? parameter.name.toLowerCase() : parameter.name;
      const key = where === 'path' ? `path:#${names.indexOf(parameter.name)}` : `${where}:${name}`;
      const schema = parameter.schema ?? Object.values(parameter.content ?? {})[0]?.schema;
      found.set(key, { key, name: parameter.name, in: where, required: parameter.required === true || where === 'path', schema, path: member(member(base, 'parameters'), index) });
    });
  };
  add(entry.shared, entry.path.slice(0, entry.path.lastIndexOf('.')));
  add(Array.isArray(entry.operation.parameters) ? entry.operation.parameters : [], entry.path);
  return found;
}
