import { ApiError } from '../../core/errors.js';
import type { AddressedRecord } from '../../spec/addressed-item.js';
import type { RecordStore } from '../../store/record-store.js';
import type { BehaviourContext } from '../behaviour.js';
import { scopeOf } from './record-scope.js';

/** 404 when the addressed record (src/spec/addressed-item.ts), or, below an item path, one of its parents, does not exist. */
export async function checkAddressed(addressed: AddressedRecord, ctx: BehaviourContext, records: RecordStore): Promise<void> {
  const { resource, param } = addressed;
  const scope = addressed.underItem ? await scopeOf(resource, ctx, records) : '';
  const id = String(ctx.valid.path[param]);
  if (!(await records.get(resource.name, scope, id))) throw new ApiError('not_found', `No ${resource.name} record with id ${id.slice(0, 100)}`);
}
