import { decodedOrAsIs } from '../core/decode-uri.js';
import type { Operation } from '../spec/operation-index.js';
import type { Router } from '../spec/router.js';

export interface VariantMatch {
  operation: Operation;
  params: Record<string, string>;
  /** The documented spelling of the path the request was taken for. */
  path: string;
}

/**
 * The operation a lenient upstream may take an undocumented spelling of a documented path for:
 * `/pets/`, `/Pets`, `/pets;x=1`, `/%70ets`, `/pets/.`, `//pets`. Express ignores case and a
 * trailing slash, Java servers drop `;` parameters, most servers decode escapes and resolve dot
 * segments; a request the proxy forwarded unchecked as undocumented could so reach a documented
 * operation with a body the document forbids. Asked only when the path as given matches nothing.
 */
export function matchPathVariant(router: Router, operations: readonly Operation[], method: string, rawPath: string): VariantMatch | undefined {
  const path = normalisedPath(rawPath);
  const exact = router.match(method, path);
  if (exact.kind === 'operation') return { operation: exact.operation, params: exact.params, path };
  const segments = path.split('/').slice(1);
  for (const operation of operations) {
    if (operation.method.toUpperCase() !== method && !(method === 'HEAD' && operation.method.toUpperCase() === 'GET')) continue;
    const params = caseInsensitiveMatch(operation.path, segments);
    if (params) return { operation, params, path };
  }
  return undefined;
}

/**
 * A path as a lenient server reads it: `;` parameters dropped from each segment, escapes decoded
 * (an escaped `/` too), `\` taken as `/`, empty and `.` segments dropped, `..` resolved.
 */
export function normalisedPath(rawPath: string): string {
  const decoded = rawPath
    .replace(/\\/g, '/')
    .split('/')
    .map((segment) => decodedOrAsIs(segment.replace(/;.*$/, '')))
    .join('/')
    .replace(/\\/g, '/');
  const kept: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') kept.pop();
    else kept.push(segment);
  }
  return `/${kept.join('/')}`;
}

/** The path parameters when `segments` spell `template` but for the case of its literal segments. */
function caseInsensitiveMatch(template: string, segments: readonly string[]): Record<string, string> | undefined {
  const parts = template.split('/').slice(1);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const param = /^\{(.+)\}$/.exec(parts[i]!);
    if (param) params[param[1]!] = segments[i]!;
    else if (parts[i]!.toLowerCase() !== segments[i]!.toLowerCase()) return undefined;
  }
  return params;
}
