import type { Operation } from '../spec/operation-index.js';
import { listSchema } from '../spec/resource-model.js';
import { pagingOf } from './crud/paging.js';

/**
 * A list answer served from an example or generated data holds at most the page size the request
 * asks (`?per_page=1`, `?limit=5`): a generated list has any length its schema allows, and a
 * client paging through it (the runner's list walk) reads a page larger than it asked as a server
 * that ignores its limit. Other answers pass through. Worked out once per operation.
 */
export function pageSizeCut(operation: Operation): (body: unknown, query: Readonly<Record<string, unknown>>) => unknown {
  const limitParam = pagingOf(operation).limitParam;
  const list = limitParam === undefined ? undefined : listSchema(operation);
  if (limitParam === undefined || !list) return (body) => body;
  return (body, query) => {
    // A page size the document types as a string (notion's `page_size`) counts when it is digits.
    const given = query[limitParam];
    const asked = typeof given === 'string' && /^\d+$/.test(given) ? Number(given) : given;
    if (typeof asked !== 'number' || !(asked >= 0)) return body;
    if (list.property === undefined) return Array.isArray(body) && body.length > asked ? body.slice(0, asked) : body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const items = (body as Record<string, unknown>)[list.property];
    return Array.isArray(items) && items.length > asked ? { ...body, [list.property]: items.slice(0, asked) } : body;
  };
}
