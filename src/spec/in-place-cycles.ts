import { refTarget } from './cyclic-refs.js';
import { pointerOf } from './parse-document-text.js';
import { SpecError } from './spec-error.js';
import { forEachSchemaObject } from './walk-schemas.js';

// Keywords that apply a schema to the same value, not to a part of it.
const IN_PLACE = ['allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else'] as const;

/**
 * Refuses a schema made of itself: `Thing: {allOf: [{$ref: Thing}, ...]}` or `if: {$ref: Thing}`,
 * where a `$ref` leads back to the schema that holds it through keywords that apply to the same
 * value. A tree's `children.items` goes into a part of the value and ends; such a cycle never
 * ends, and ajv's validator and the value generator would recurse until the stack ran out, on
 * every request. Runs on the dereferenced document, whose cyclic `$ref`s are linked (refTarget).
 */
export function checkInPlaceCycles(file: string, document: object): void {
  const done = new Set<object>();
  const onPath = new Set<object>();
  const keys: string[] = [];
  const follow = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || done.has(node)) return;
    if (onPath.has(node)) {
      throw new SpecError(file, `has a schema made of itself at ${pointerOf(keys)}: its ${IN_PLACE.filter((k) => keys.includes(k)).join('/') || '$ref'} leads back to it without going into a property or an item, so no value can be checked or made`);
    }
    onPath.add(node);
    const target = refTarget(node);
    if (target) {
      keys.push('$ref');
      follow(target);
      keys.pop();
    }
    for (const keyword of IN_PLACE) {
      const child = (node as Record<string, unknown>)[keyword];
      if (Array.isArray(child)) {
        child.forEach((part, i) => {
          keys.push(keyword, String(i));
          follow(part);
          keys.length -= 2;
        });
      } else if (typeof child === 'object' && child !== null) {
        keys.push(keyword);
        follow(child);
        keys.pop();
      }
    }
    onPath.delete(node);
    done.add(node);
  };
  // Every object is a possible start; `done` keeps the whole walk linear.
  const seen = new Set<object>();
  const visitAll = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    follow(node);
    for (const [key, child] of Object.entries(node)) {
      keys.push(key);
      visitAll(child);
      keys.pop();
    }
  };
  // Components first, so a cycle is named where the schema is written rather than where it is used.
  const components = (document as { components?: unknown }).components;
  keys.push('components');
  visitAll(components);
  keys.pop();
  visitAll(document);
}

/**
 * Refuses a `$ref` the dereferencer left without a target (`#thing` naming an `$anchor` of
 * another `$id`'s scope, say): ajv would fail to compile every schema holding it, on every request.
 */
export function checkDanglingRefs(file: string, document: object): void {
  const problems: string[] = [];
  forEachSchemaObject(document, (node, pointer) => {
    if (typeof node.$ref === 'string' && !refTarget(node) && problems.length < 20) problems.push(`${pointer()}/$ref: ${JSON.stringify(node.$ref.slice(0, 200))} names nothing in the document`);
  });
  if (problems.length > 0) throw new SpecError(file, 'has $refs that cannot be resolved', problems);
}
