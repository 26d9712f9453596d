import type { Operation } from './operation-index.js';

export type RouteMatch =
  | { kind: 'operation'; operation: Operation; params: Record<string, string> }
  /** The path is documented but not for this method (405 with `Allow`). */
  | { kind: 'method-not-allowed'; allowed: readonly string[] }
  | { kind: 'not-found' };

interface Node {
  statics: Map<string, Node>;
  param: { name: string; node: Node } | undefined;
  operations: Map<string, Operation>;
  /** `Allow` value for this path, computed once. */
  allow: readonly string[];
}

const newNode = (): Node => ({ statics: new Map(), param: undefined, operations: new Map(), allow: [] });

/**
 * Resolves a request path to an operation without scanning: a trie of path segments built once
 * from the document, literal segments before `{param}` ones. HEAD is answered as GET where GET is
 * documented (RFC 9110 section 9.3.2).
 */
export class Router {
  private readonly root = newNode();
  private readonly notFound: RouteMatch = { kind: 'not-found' };
  /**
   * Operations whose parameter names differ from the trie's at the same place
   * (`/things/{id}` and `/things/{thingId}/parts` share one parameter node): [trie name, own name].
   */
  private readonly renames = new Map<Operation, [string, string][]>();

  constructor(operations: readonly Operation[]) {
    const nodes = new Set<Node>();
    for (const op of operations) {
      let node = this.root;
      const renames: [string, string][] = [];
      for (const segment of op.path.split('/').slice(1)) {
        const param = /^\{(.+)\}$/.exec(segment);
        if (param) {
          node.param ??= { name: param[1] as string, node: newNode() };
          if (node.param.name !== param[1]) renames.push([node.param.name, param[1] as string]);
          node = node.param.node;
        } else {
          let next = node.statics.get(segment);
          if (!next) node.statics.set(segment, (next = newNode()));
          node = next;
        }
      }
      node.operations.set(op.method.toUpperCase(), op);
      if (renames.length > 0) this.renames.set(op, renames);
      nodes.add(node);
    }
    for (const node of nodes) {
      const methods = [...node.operations.keys()];
      if (methods.includes('GET')) methods.push('HEAD');
      node.allow = methods;
    }
  }

  match(method: string, path: string): RouteMatch {
    let node: Node | undefined = this.root;
    let params: Record<string, string> | undefined;
    let start = 1;
    // Walk the segments by index: no split array per request.
    while (node) {
      const end = path.indexOf('/', start);
      const segment = end === -1 ? path.slice(start) : path.slice(start, end);
      const next: Node | undefined = node.statics.get(segment);
      if (next) node = next;
      else if (node.param && segment !== '') {
        params ??= {};
        params[node.param.name] = segment;
        node = node.param.node;
      } else return this.notFound;
      if (end === -1) break;
      start = end + 1;
    }
    if (!node || node.operations.size === 0) return this.notFound;
    const operation = node.operations.get(method) ?? (method === 'HEAD' ? node.operations.get('GET') : undefined);
    if (!operation) return { kind: 'method-not-allowed', allowed: node.allow };
    const renames = this.renames.size > 0 ? this.renames.get(operation) : undefined;
    if (renames && params) {
      const own: Record<string, string> = {};
      for (const [name, value] of Object.entries(params)) own[renames.find(([from]) => from === name)?.[1] ?? name] = value;
      params = own;
    }
    return { kind: 'operation', operation, params: params ?? {} };
  }
}

export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

