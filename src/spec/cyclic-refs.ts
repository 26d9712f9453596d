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
 * that reaches no schema (`A: {$ref: A}`) or points nowhere. Returns how many `$ref`s were left.
 */
export function linkCyclicRefs(file: string, document: object): number {
  let left = 0;
  forEachInternalRef(document, (node, pointer) => {
    left++;
    Object.defineProperty(node, TARGET, { value: follow(file, document, node, pointer), enumerable: true });
  });
  return left;
}

/**
 * The same refusals on the document as written, before dereferencing: the JSON path then is the
 * one the user wrote, and the dereferencer never meets a `$ref` that leads nowhere.
 */
export function checkRefChains(file: string, source: object): void {
  forEachInternalRef(source, (node, pointer) => follow(file, source, node, pointer));
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
