import type { Faker } from '@faker-js/faker';
import { ApiError } from '../../core/errors.js';
import { fakeFromSchema } from '../../generation/fake-value.js';
import type { StoredRecord } from '../../store/record-store.js';
import type { Behaviour, BehaviourContext } from '../behaviour.js';
import type { AnswerWriter, RequestUnwrapper } from './crud-handler-types.js';
import { scopeOf } from './record-scope.js';
import type { CrudAction, Resource } from '../../spec/resource-model.js';
import { mergePatch, recordFromInput } from './record-shape.js';
import { serverTimes } from './server-times.js';

/** The store's key of a singleton without address parameters of its own (`/user`): one per parent. */
export const SINGLETON_KEY = '_';

/** Where the store marks a deleted singleton's address: beside its records, under this suffix of its name. */
const REMOVED = '#deleted';

/** Where a singleton that is no object (`/board/{row}/{column}` holds a mark) keeps its value in a stored record. */
const VALUE = 'value';

/**
 * A singleton's read, replace, merge and delete (docs/decisions/034-wrappers-and-singletons.md,
 * 079): the record at this address, made (from the document's example, else generated) the first
 * time it is addressed when no seed made it; a write replaces (PUT) or merges into (PATCH) it, a
 * read gives what was last written. DELETE removes it: reads and merges answer 404 until a PUT
 * writes it again (the address remembers the removal, or the next read would make it afresh).
 */
export function singletonHandler(resource: Resource, action: CrudAction, answer: AnswerWriter, unwrap: RequestUnwrapper): Behaviour['handle'] {
  const isObject = resource.record.properties !== undefined;
  const removals = `${resource.name}${REMOVED}`;
  return async (ctx) => {
    const records = ctx.state.records;
    const scope = await scopeOf(resource, ctx, records);
    const key = singletonKey(resource, ctx);
    const removed = (await records.get(removals, scope, key)) !== undefined;
    if (removed && action !== 'singleton-replace') throw new ApiError('not_found', `No ${resource.name} here: it was deleted`);
    const old = (await records.get(resource.name, scope, key)) ?? (removed ? {} : await made(resource, ctx, scope, key));
    if (action === 'singleton-read') return isObject ? answer(old, ctx) : answer(undefined, ctx, {}, old[VALUE]);
    if (action === 'singleton-delete') {
      await records.remove(resource.name, scope, key);
      await records.put(removals, scope, key, {});
      return answer(old, ctx);
    }
    if (removed) await records.remove(removals, scope, key);
    const body = unwrap(ctx.valid.body);
    const record = isObject ? recordFromInput(resource.record, action === 'singleton-update' ? mergePatch(old, body) : body, old, serverTimes(resource.record, ctx.now, false), ctx.faker) : { [VALUE]: body };
    await records.put(resource.name, scope, key, record);
    // A write answering something else than the record (tictactoe's PUT answers the whole board) gets that generated.
    return isObject ? answer(record, ctx) : answer(undefined, ctx);
  };
}

function singletonKey(resource: Resource, ctx: BehaviourContext): string {
  const params = resource.singleton!.keyParams;
  return params.length === 0 ? SINGLETON_KEY : params.map((p) => encodeURIComponent(String(ctx.valid.path[p]))).join('/');
}

async function made(resource: Resource, ctx: BehaviourContext, scope: string, key: string): Promise<StoredRecord> {
  const record = singletonRecord(resource, ctx.faker);
  await ctx.state.records.put(resource.name, scope, key, record);
  return record;
}

/** A singleton's first record: its first example, else generated with every optional property. */
export function singletonRecord(resource: Resource, faker: Faker): StoredRecord {
  if (resource.record.properties === undefined) return { [VALUE]: fakeFromSchema(resource.record, faker, { subject: resource.name }) };
  return recordFromInput(resource.record, resource.examples[0] ?? fakeFromSchema(resource.record, faker, { optionalRate: 1, subject: resource.name }), undefined, {}, faker);
}
