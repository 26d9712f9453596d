import type { OperationResult } from '../../../engine/behaviour.js';
import type { PackHandler } from '../../../engine/behaviour-pack.js';
import type { Page, PageRequest, Store } from '../store/store.js';

export type Handler = PackHandler<Store>;

export const ok = (body: unknown): OperationResult => ({ status: 200, body });
export const noContent: OperationResult = { status: 204 };

export function created(record: { id: number }, collection: string): OperationResult {
  return { status: 201, body: record, headers: { Location: `${collection}/${record.id}` } };
}

/** `limit` and `offset` after validation (their defaults applied). */
export function pageOf(query: Record<string, unknown>): PageRequest {
  return { limit: query.limit as number, offset: query.offset as number };
}

export function listed<T>(result: Page<T>, page: PageRequest): OperationResult {
  return { status: 200, body: result.items, page: { total: result.total, ...page } };
}
