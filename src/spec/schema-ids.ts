import { pointerOf } from './parse-document-text.js';
import { decodedOrAsIs } from '../core/decode-uri.js';

/** A base that stands for the document itself, so that relative `$id`s and `$ref`s resolve as URLs. */
const DOCUMENT_BASE = 'https://document.invalid/';

/**
 * OpenAPI 3.1 schemas are JSON Schema 2020-12: a schema may name itself with `$id` (and a place
 * inside it with `$anchor`), and a `$ref` may use that name instead of a JSON pointer
 * (`"$ref": "/api/v31/components/schemas/petdetails#pet_details_id"`, as swagger-core writes).
 * Such a `$ref` is rewritten to the JSON pointer of what it names, so that the ref parser resolves
 * it inside the document instead of reading it as a file. A `$ref` naming no `$id` of the
 * document is left as it is (a file or a URL, checked as before). Returns the document itself
 * when no `$ref` needs rewriting, else a copy.
 */
export function refsToSchemaIds(document: object): object {
  const ids = new Map<string, string>();
  const anchors = new Map<string, string>();
  const refs: { at: string[]; target: string }[] = [];
  const named: string[][] = [];
  const seen = new Set<object>();
  const keys: string[] = [];
  const walk = (node: unknown, base: string): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    const here = node as Record<string, unknown>;
    let scope = base;
    if (typeof here.$id === 'string' && keys.length > 0) {
      scope = resolve(here.$id, base) ?? base;
      ids.set(withoutFragment(scope), pointerOf(keys));
      named.push([...keys]);
    }
    if (typeof here.$anchor === 'string') {
      anchors.set(`${withoutFragment(scope)}#${here.$anchor}`, pointerOf(keys));
      named.push([...keys]);
    }
    // Not a JSON pointer into the document: a name made of an `$id`, or an `$anchor`.
    if (typeof here.$ref === 'string' && !/^#(\/|$)/.test(here.$ref)) {
      const target = resolve(here.$ref, scope);
      if (target) refs.push({ at: [...keys], target });
    }
    for (const [key, child] of Object.entries(here)) {
      keys.push(key);
      walk(child, scope);
      keys.pop();
    }
  };
  walk(document, DOCUMENT_BASE);
  const rewrites: { at: string[]; ref: string }[] = [];
  for (const { at, target } of refs) {
    const resource = withoutFragment(target);
    const fragment = decodedOrAsIs(target.slice(resource.length + 1));
    const pointer = ids.get(resource) ?? (resource === DOCUMENT_BASE ? '' : undefined);
    if (pointer !== undefined && (fragment === '' || fragment.startsWith('/'))) rewrites.push({ at, ref: `#${pointer}${fragment}` });
    else if (anchors.has(target)) rewrites.push({ at, ref: `#${anchors.get(target)!}` });
  }
  if (rewrites.length === 0) return document;
  const copy = structuredClone(document);
  const at = (keys: string[]) => keys.reduce((node, key) => node[key] as Record<string, unknown>, copy as Record<string, unknown>);
  for (const { at: where, ref } of rewrites) at(where).$ref = ref;
  // With the names resolved, an `$id` left in place would make the ref parser (and ajv) read the
  // document's own `#/...` pointers inside that schema as pointers into the schema alone.
  for (const where of named) {
    delete at(where).$id;
    delete at(where).$anchor;
  }
  return copy;
}

function resolve(reference: string, base: string): string | undefined {
  try {
    return new URL(reference, base).href;
  } catch {
    return undefined;
  }
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}
