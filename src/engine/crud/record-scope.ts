import { ApiError } from '../../core/errors.js';
import type { RecordStore } from '../../store/record-store.js';
import type { Resource } from '../../spec/resource-model.js';
import type { BehaviourContext } from '../behaviour.js';

/**
 * Where the request's records live: '' for a top-level resource, the parent record's key for a
 * nested one (404 when the parent record does not exist).
 */
export async function scopeOf(resource: Resource, ctx: BehaviourContext, records: RecordStore): Promise<string> {
  const parent = resource.parent;
  if (!parent) return '';
  const parentScope = await scopeOf(parent, ctx, records);
  const parentId = String(ctx.valid.path[parent.itemParam]);
  if (!(await records.get(parent.name, parentScope, parentId))) throw new ApiError('not_found', `No ${parent.name} record with id ${parentId.slice(0, 100)}`);
  return `${parentScope}/${encodeURIComponent(parentId)}`;
}
