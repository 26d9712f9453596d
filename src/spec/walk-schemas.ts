import { pointerOf } from './parse-document-text.js';

// Values of these keys are data, not schemas or document objects.
const DATA_KEYS = new Set(['example', 'examples', 'enum', 'const', 'default']);
// Under these keys the object's keys are names (of properties, definitions), never keywords.
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

/**
 * Calls `visit` once for every object of a document that is not data (examples, enums,
 * defaults, `x-` extensions) nor a map of names (`properties`): every schema among them. A
 * property called `pattern` is therefore never read as the keyword. `pointer` gives the JSON path
 * where the object was first met; it is built only when asked for.
 */
export function forEachSchemaObject(root: unknown, visit: (node: Record<string, unknown>, pointer: () => string) => void): void {
  const seen = new Set<object>();
  const keys: string[] = [];
  const walk = (node: unknown, namesMap: boolean): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (!namesMap && !Array.isArray(node)) visit(node as Record<string, unknown>, () => pointerOf(keys));
    for (const [key, child] of Object.entries(node)) {
      if (!namesMap && (DATA_KEYS.has(key) || key.startsWith('x-'))) continue;
      keys.push(key);
      walk(child, !namesMap && NAME_MAPS.has(key));
      keys.pop();
    }
  };
  walk(root, false);
}
