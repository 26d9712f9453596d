import type { OpenAPIV3 } from 'openapi-types';
import type { Operation, OperationIndex } from '../spec/operation-index.js';
import { isSupportedLinkValue } from './runtime-expression.js';

/** A response link of one operation that says how to fill a parameter of another. */
export interface LinkSource {
  /** The operation whose answer carries the value. */
  source: Operation;
  /** `createUser 201 GetUser`, for reasons in reports. */
  name: string;
  /** The value as the document writes it: a runtime expression, an embedded one, or a constant. */
  value: unknown;
}

/**
 * The links of other operations' success answers that give a path parameter of `target`, in
 * document order. A link names its target by `operationId` or by a local `operationRef`
 * (`#/paths/~1users~1{id}/get`); a parameter name may be qualified (`path.id`). Links whose
 * expression this runner cannot evaluate are left out.
 */
export function linksGiving(index: OperationIndex, target: Operation, parameter: string): LinkSource[] {
  const found: LinkSource[] = [];
  for (const source of index.operations) {
    if (source === target) continue;
    for (const [status, response] of Object.entries(source.responses)) {
      if (!/^2(\d\d|XX)$/i.test(status)) continue;
      for (const [linkName, link] of Object.entries((response as OpenAPIV3.ResponseObject).links ?? {})) {
        const object = link as OpenAPIV3.LinkObject;
        if (linkTarget(index, object) !== target) continue;
        for (const [qualified, value] of Object.entries(object.parameters ?? {})) {
          const name = qualified.replace(/^(path|query|header|cookie)\./, '');
          if (name !== parameter || (qualified.includes('.') && !qualified.startsWith('path.')) || !isSupportedLinkValue(value)) continue;
          found.push({ source, name: `${source.operationId} ${status} ${linkName}`, value });
        }
      }
    }
  }
  return found;
}

/** The operation a link points to, when it is in this document. */
export function linkTarget(index: OperationIndex, link: OpenAPIV3.LinkObject): Operation | undefined {
  if (link.operationId) return index.byId(link.operationId);
  const fragment = link.operationRef?.split('#')[1];
  if (link.operationRef === undefined || fragment === undefined || !link.operationRef.startsWith('#')) return undefined;
  const parts = fragment.split('/').slice(1).map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts.length !== 3 || parts[0] !== 'paths') return undefined;
  return index.operations.find((o) => o.path === parts[1] && o.method === parts[2]);
}
