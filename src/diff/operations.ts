import { HTTP_METHODS, type Document } from '../spec/openapi.js';
import { member } from './json-path.js';

/** One operation of a document, keyed so that renaming a path parameter is not a new operation. */
export interface OperationEntry {
  key: string;
  /** `GET /pets/{petId}` as written. */
  label: string;
  template: string;
  method: string;
  path: string;
  operation: Record<string, unknown>;
  /** The path item's parameters (the operation's own win by name and place). */
  shared: unknown[];
}

export function operationsOf(document: Document): Map<string, OperationEntry> {
  const entries = new Map<string, OperationEntry>();
  for (const [template, item] of Object.entries(document.paths ?? {})) {
    if (typeof item !== 'object' || item === null) continue;
    const pathItem = item as Record<string, unknown>;
    const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
    for (const method of [...HTTP_METHODS, 'query']) {
      const operation = pathItem[method];
      if (typeof operation !== 'object' || operation === null) continue;
      const key = `${method.toUpperCase()} ${template.replace(/\{[^}]*\}/g, '{}')}`;
      entries.set(key, {
        key, label: `${method.toUpperCase()} ${template}`, template, method,
        path: member(member('$.paths', template), method), operation: operation as Record<string, unknown>, shared,
      });
    }
  }
  return entries;
}
