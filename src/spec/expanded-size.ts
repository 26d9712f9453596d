import { SpecError } from './spec-error.js';

/**
 * YAML aliases let a few hundred bytes stand for billions of nodes (`a: &a [x,x,x]`, `b: &b
 * [*a,*a,*a]`, ...). The parser shares the aliased node, so loading is quick, but anything that
 * walks the document as a tree (serialising an example, cloning, diffing) does the expansion.
 * This counts the nodes the tree would have, in one pass over the shared graph.
 */
export const MAX_EXPANDED_NODES = 5_000_000;

export function expandedNodeCount(root: unknown, limit = MAX_EXPANDED_NODES): number {
  const sizes = new Map<object, number>();
  // Post-order without recursion: a hostile document may also be deep.
  const stack: { node: object; visited: boolean }[] = [];
  const open = new Set<object>();
  const sizeOf = (value: unknown): number => (value !== null && typeof value === 'object' ? (sizes.get(value) ?? 0) : 1);
  if (root === null || typeof root !== 'object') return 1;
  stack.push({ node: root, visited: false });
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const children = Object.values(top.node).filter((v): v is object => v !== null && typeof v === 'object');
    if (!top.visited) {
      if (sizes.has(top.node)) {
        stack.pop();
        continue;
      }
      top.visited = true;
      open.add(top.node);
      for (const child of children) {
        // A node that contains itself (`&a [*a]`) expands without end.
        if (open.has(child)) return Infinity;
        if (!sizes.has(child)) stack.push({ node: child, visited: false });
      }
      continue;
    }
    stack.pop();
    open.delete(top.node);
    let total = 1;
    for (const value of Object.values(top.node)) total = Math.min(total + sizeOf(value), limit + 1);
    sizes.set(top.node, total);
  }
  return sizes.get(root) ?? 1;
}

/** Refuses a document whose aliases expand past `limit` nodes, naming the file. */
export function assertBoundedExpansion(file: string, document: unknown, limit = MAX_EXPANDED_NODES): void {
  const count = expandedNodeCount(document, limit);
  if (count > limit) {
    throw new SpecError(file, `expands to more than ${limit} nodes through YAML aliases (an alias bomb?); the runner refuses to walk it`);
  }
}
