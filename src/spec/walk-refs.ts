import { pointerOf } from './parse-document-text.js';

/**
 * Calls `visit` for every object with a string `$ref` in a parsed document, once per object
 * (shared objects, from YAML aliases or dereferencing, are visited once). `pointer` gives the
 * JSON path of the `$ref` where it was first met; it is built only when asked for.
 */
export function forEachRef(root: unknown, visit: (node: object, ref: string, pointer: () => string) => void): void {
  const seen = new Set<object>();
  const keys: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string') visit(node, ref, () => pointerOf([...keys, '$ref']));
    for (const [key, child] of Object.entries(node)) {
      keys.push(key);
      walk(child);
      keys.pop();
    }
  };
  walk(root);
}
