import { forEachRef } from './walk-refs.js';
import { SpecError } from './spec-error.js';

const TARGET = Symbol('petstore-kit.refTarget');

/**
 * The schema a `$ref` left in the dereferenced document stands for. Dereferencing keeps a `$ref`
 * wherever its target is part of a cycle (a tree, a linked list), so the document stays a tree
 * that naive walkers and JSON can handle; code that must go through such a `$ref` (validation,
 * value generation) asks here. The link is a symbol property: invisible to Object.keys,
 * for-in, JSON and structuredClone, so it cannot make them loop, yet enumerable, so a copy made
 * by spreading (`{ ...schema }`) keeps it.
 */
export function refTarget(node: unknown): object | undefined {
  return typeof node === 'object' && node !== null ? (node as { [TARGET]?: object })[TARGET] : undefined;
}

/** The node itself, or what its chain of cyclic `$ref`s ends at. */
export function resolveSchema<T>(node: T): T {
  let current: unknown = node;
  for (let target = refTarget(current); target; target = refTarget(current)) current = target;
  return current as T;
}

/**
 * Links every `$ref` left in a dereferenced document to its target, and refuses a `$ref` chain
 * that reaches no schema (`A: {$ref: A}`) or points nowhere.
 */
export function linkCyclicRefs(file: string, document: object): void {
  forEachInternalRef(document, (node, pointer) => {
    Object.defineProperty(node, TARGET, { value: follow(file, document, node, pointer), enumerable: true });
  });
}

/**
 * The same refusals on the document as written, before dereferencing: the JSON path then is the
 * one the user wrote, and the dereferencer never meets a `$ref` that leads nowhere.
 */
export function checkRefChains(file: string, source: object): void {
  forEachInternalRef(source, (node, pointer) => follow(file, source, node, pointer));
}

/**
 * Dereferencing with `circular: 'ignore'` keeps a `$ref` to anything whose target contains a
 * cycle, not only where the cycle closes: a request body or a response that merely holds a tree
 * stays a `$ref`, and every reader of `requestBody.content` would fail. Each linked `$ref` is
 * replaced by its target unless the target reaches back to the object holding the `$ref` (that
 * one closes a cycle and stays). Returns how many `$ref`s stay.
 */
export function inlineAcyclicRefs(document: object): number {
  const sites: { parent: Record<string, unknown>; key: string; node: object; target: object }[] = [];
  const seen = new Set<object>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const parent = stack.pop();
    if (typeof parent !== 'object' || parent === null || seen.has(parent)) continue;
    seen.add(parent);
    for (const [key, child] of Object.entries(parent)) {
      const target = refTarget(child);
      if (target) sites.push({ parent: parent as Record<string, unknown>, key, node: child as object, target });
      else stack.push(child);
    }
  }
  let left = 0;
  for (const { parent, key, node, target } of sites) {
    if (reaches(target, parent)) {
      left++;
      continue;
    }
    const { $ref: _ref, ...siblings } = node as Record<string, unknown>;
    parent[key] = Object.keys(siblings).length === 0 ? target : { ...target, ...siblings };
  }
  return left;
}

function reaches(from: object, goal: object): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [from];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === goal) return true;
    if (typeof node !== 'object' || node === null || seen.has(node)) continue;
    seen.add(node);
    for (const child of Object.values(node)) stack.push(child);
  }
  return false;
}

function forEachInternalRef(document: object, visit: (node: object, pointer: string) => void): void {
  forEachRef(document, (node, ref, pointer) => {
    if (ref.startsWith('#')) visit(node, pointer());
  });
}

function follow(file: string, document: object, start: object, pointer: string): object {
  const chain = new Set<object>([start]);
  // The first node already holds a $ref; each step moves to its target, so `chain` holds the ref
  // nodes passed through and a target seen twice is a loop.
  let node: object = start;
  for (;;) {
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#')) return node;
    const target = resolvePointer(document, ref.slice(1));
    if (typeof target !== 'object' || target === null) {
      throw new SpecError(file, `has a $ref that cannot be resolved: ${JSON.stringify(ref)} at ${pointer} points nowhere`);
    }
    if (chain.has(target)) {
      throw new SpecError(file, `has a $ref that cannot be resolved: ${JSON.stringify(ref)} at ${pointer} only leads back to itself, never to a value`);
    }
    chain.add(target);
    node = target;
  }
}

function resolvePointer(document: object, pointer: string): unknown {
  let node: unknown = document;
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!Object.prototype.hasOwnProperty.call(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
