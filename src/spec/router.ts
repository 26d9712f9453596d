import type { Operation } from './operation-index.js';
import { meetsDiscriminators } from './route-key.js';
import { segmentPattern, type SegmentPattern } from './segment-pattern.js';

export type RouteMatch =
  | { kind: 'operation'; operation: Operation; params: Record<string, string> }
  /** The path is documented but not for this method (405 with `Allow`). */
  | { kind: 'method-not-allowed'; allowed: readonly string[] }
  | { kind: 'not-found' };

/** What of a request besides its method and path can pick an operation (section 15: `/?Action=X`). */
export interface RouteRequest {
  /** The raw query string without `?`. */
  query: string;
  /** Lower-cased header names. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

interface Node {
  statics: Map<string, Node>;
  /** Segments with a template and literal text (`{Sid}.json`, `{name}:cancel`), most literal text first. */
  patterns: { pattern: SegmentPattern; node: Node }[];
  param: { name: string; node: Node } | undefined;
  /** Per method, the operations of this path: those with more discriminators first. */
  operations: Map<string, Operation[]>;
  /** `Allow` value for this path, computed once. */
  allow: readonly string[];
}

const newNode = (): Node => ({ statics: new Map(), patterns: [], param: undefined, operations: new Map(), allow: [] });

/**
 * Resolves a request path to an operation without scanning: a trie of path segments built once
 * from the document, literal segments before segments mixing a template with text, before plain
 * `{param}` ones (as Prism prefers the more literal path). Where several operations share the path
 * and method, the discriminators their keys name (src/spec/route-key.ts) pick one. HEAD is
 * answered as GET where GET is documented (RFC 9110 section 9.3.2).
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
      for (const segment of op.routePath.split('/').slice(1)) {
        const param = /^\{([^{}]+)\}$/.exec(segment);
        const pattern = param ? undefined : segmentPattern(segment);
        if (param) {
          node.param ??= { name: param[1] as string, node: newNode() };
          if (node.param.name !== param[1]) renames.push([node.param.name, param[1] as string]);
          node = node.param.node;
        } else if (pattern) {
          let entry = node.patterns.find((p) => p.pattern.source === pattern.source);
          if (!entry) {
            node.patterns.push((entry = { pattern, node: newNode() }));
            node.patterns.sort((a, b) => b.pattern.literalLength - a.pattern.literalLength);
          }
          node = entry.node;
        } else {
          let next = node.statics.get(segment);
          if (!next) node.statics.set(segment, (next = newNode()));
          node = next;
        }
      }
      const method = op.method.toUpperCase();
      const sharing = [...(node.operations.get(method) ?? []), op].sort((a, b) => b.discriminators.length - a.discriminators.length);
      node.operations.set(method, sharing);
      if (renames.length > 0) this.renames.set(op, renames);
      nodes.add(node);
    }
    for (const node of nodes) {
      const methods = [...node.operations.keys()];
      if (methods.includes('GET')) methods.push('HEAD');
      node.allow = methods;
    }
  }

  match(method: string, path: string, request?: RouteRequest): RouteMatch {
    let node: Node | undefined = this.root;
    let params: Record<string, string> | undefined;
    let start = 1;
    // Walk the segments by index: no split array per request.
    while (node) {
      const end = path.indexOf('/', start);
      const segment = end === -1 ? path.slice(start) : path.slice(start, end);
      const next: Node | undefined = node.statics.get(segment);
      if (next) node = next;
      else {
        const found: { pattern: SegmentPattern; node: Node } | undefined = node.patterns.length > 0 && segment !== '' ? node.patterns.find((p) => p.pattern.regex.test(segment)) : undefined;
        if (found) {
          params ??= {};
          Object.assign(params, found.pattern.read(segment));
          node = found.node;
        } else if (node.param && segment !== '') {
          params ??= {};
          params[node.param.name] = segment;
          node = node.param.node;
        } else return this.notFound;
      }
      if (end === -1) break;
      start = end + 1;
    }
    if (!node || node.operations.size === 0) return this.notFound;
    const sharing = node.operations.get(method) ?? (method === 'HEAD' ? node.operations.get('GET') : undefined);
    if (!sharing) return { kind: 'method-not-allowed', allowed: node.allow };
    const operation = pick(sharing, request);
    if (!operation) return this.notFound;
    const renames = this.renames.size > 0 ? this.renames.get(operation) : undefined;
    if (renames && params) {
      const own: Record<string, string> = {};
      for (const [name, value] of Object.entries(params)) own[renames.find(([from]) => from === name)?.[1] ?? name] = value;
      params = own;
    }
    return { kind: 'operation', operation, params: params ?? {} };
  }
}

/**
 * The operation of a path and method: the only one there is (its own validation then says what
 * the request lacks), else the first whose discriminators the request meets, else one that has
 * none; undefined when the request meets none of several.
 */
function pick(sharing: readonly Operation[], request: RouteRequest | undefined): Operation | undefined {
  if (sharing.length === 1) return sharing[0];
  const query = new URLSearchParams(request?.query ?? '');
  const headers = request?.headers ?? {};
  return sharing.find((op) => op.discriminators.length > 0 && meetsDiscriminators(op.discriminators, query, headers)) ?? sharing.find((op) => op.discriminators.length === 0);
}

export function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}
