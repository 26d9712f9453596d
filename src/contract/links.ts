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
 * expression this runner cannot evaluate are left out. The document's links are read once per
 * index: the planner asks for every path parameter of every template, and scanning every
 * operation's answers each time took 17 of the 25 s alertersystem.com's plan took (500 operations).
 */
export function linksGiving(index: OperationIndex, target: Operation, parameter: string): LinkSource[] {
  return (linksByTarget(index).get(target) ?? []).filter((l) => l.parameter === parameter).map(({ source, name, value }) => ({ source, name, value }));
}

const linkTables = new WeakMap<OperationIndex, Map<Operation, (LinkSource & { parameter: string })[]>>();

/** Every evaluable path-parameter link of the document, by the operation it targets, in document order. */
function linksByTarget(index: OperationIndex): Map<Operation, (LinkSource & { parameter: string })[]> {
  let table = linkTables.get(index);
  if (table) return table;
  table = new Map();
  for (const source of index.operations) {
    for (const [status, response] of Object.entries(source.responses)) {
      if (!/^2(\d\d|XX)$/i.test(status)) continue;
      for (const [linkName, link] of Object.entries((response as OpenAPIV3.ResponseObject).links ?? {})) {
        const object = link as OpenAPIV3.LinkObject;
        const target = linkTarget(index, object);
        if (!target || target === source) continue;
        for (const [qualified, value] of Object.entries(object.parameters ?? {})) {
          if ((qualified.includes('.') && !qualified.startsWith('path.')) || !isSupportedLinkValue(value)) continue;
          const entries = table.get(target) ?? [];
          entries.push({ source, name: `${source.operationId} ${status} ${linkName}`, value, parameter: qualified.replace(/^(path|query|header|cookie)\./, '') });
          table.set(target, entries);
        }
      }
    }
  }
  linkTables.set(index, table);
  return table;
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
