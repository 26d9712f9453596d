import type { Operation } from '../../spec/operation-index.js';
import { templateNames } from '../../spec/operation-index.js';
import type { CaseRun, Sent } from '../case-run.js';
import { successStatuses } from '../documented-response.js';
import type { Failure } from '../events.js';
import { listItemsOf } from '../listed-ids.js';
import type { PlannedCase, Planner } from '../planner.js';
import { checkWalks, walkList, type Row } from './list-checks.js';
import { listPaging } from './list-paging.js';

/** Pages the default phases walk at most per list: a staging list of 100k records is not walked whole by default. */
export const AUDIT_MAX_PAGES = 10;

/**
 * The default phases' audit of a list (INTERFACE section 16): a GET without path parameters or
 * required query parameters that lists a resource of the model, with a documented `X-Total-Count`,
 * `Link` or page size. Read-only: it walks what the target holds.
 */
export function listAuditCases(planner: Planner, operation: Operation): PlannedCase[] {
  if (operation.method !== 'get' || templateNames(operation.path).length > 0 || !listItemsOf(operation)) return [];
  // Paging is claimed only of a list of records the resource model knows (the mock's model, decision
  // 061): a list answered from the document's examples (`GET /museum-hours`, ten days whatever
  // `limit` says) promises no page size the mock, or the runner, could hold a server to.
  if (planner.model.actionOf(operation)?.action !== 'list') return [];
  if (operation.parameters.some((p) => p.in !== 'path' && p.required)) return [];
  const headers = Object.keys((operation.responses['200'] as { headers?: Record<string, unknown> } | undefined)?.headers ?? {}).map((h) => h.toLowerCase());
  const paging = listPaging(operation);
  if (!headers.includes('x-total-count') && !headers.includes('link') && !paging.limit && !paging.page) return [];
  return [
    planner.makeCase(operation, {
      id: `${operation.operationId}/state/list-walk`,
      title: `GET ${operation.path} walked whole and page by page: X-Total-Count counts its records, Link rel="next" visits each once, one order across pages`,
      kind: 'state',
      request: planner.template(operation, 'api-key'),
      expect: successStatuses(operation),
      verify: 'list',
    }),
  ];
}

/**
 * Walks the list of the case's first answer with the largest page, and again with pages of about
 * a quarter of it: the two walks hold the same records, each once, in one order, and
 * `X-Total-Count` counts them. A list longer than AUDIT_MAX_PAGES pages is left to the stateful phase.
 */
export async function auditList(run: CaseRun, sent: Sent): Promise<void> {
  const operation = run.ctx.plan.index.byId(run.planned.operationId)!;
  const paging = listPaging(operation);
  const collection = sent.url.split('?')[0]!;
  const keyOf = recordKey(run, operation);
  const failures: Failure[] = [];
  const largest = paging.limit?.max ?? 100;
  const all = await walkList(run, collection, {}, paging, largest, failures, AUDIT_MAX_PAGES);
  if (!all) return void run.failures.push(...failures);
  if (!all.complete) {
    run.notes.push(`the list holds more than ${all.rows.length} records (${AUDIT_MAX_PAGES} pages): X-Total-Count and paging are audited by the stateful phase, not by default`);
    return void run.failures.push(...failures);
  }
  const pageSize = Math.max(paging.limit?.min ?? 1, Math.min(largest, Math.ceil(all.rows.length / 4)));
  const paged = paging.limit && all.rows.length > 1 ? await walkList(run, collection, {}, paging, pageSize, failures, AUDIT_MAX_PAGES * 4) : all;
  if (paged) checkWalks({}, all, paged, failures, keyOf, false);
  run.failures.push(...failures);
}

/**
 * How a listed record is told apart: the id parameter of its resource's item path, else `id`,
 * else the parameter of a GET of one item below the list (`/store/inventory/{petId}`), else its whole JSON.
 */
function recordKey(run: CaseRun, operation: Operation): (row: Row) => unknown {
  const resource = [...run.ctx.plan.resources.values()].find((r) => r.collectionPath === operation.path);
  const item = run.ctx.plan.index.operations.find((o) => o.method === 'get' && templateNames(o.path).length === 1 && o.path.startsWith(`${operation.path}/{`) && !o.path.slice(operation.path.length + 1).includes('/'));
  const names = [resource?.idParam, 'id', item ? templateNames(item.path)[0] : undefined].filter((n): n is string => n !== undefined);
  return (row) => {
    const name = names.find((n) => n in row);
    return name === undefined ? undefined : row[name];
  };
}
