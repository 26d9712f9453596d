import { describe, expect, it } from 'vitest';
import { ContractRunError } from '../../../src/contract/contract-error.js';
import { buildPlan, type PlanOptions } from '../../../src/contract/plan.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

const defaults: PlanOptions = { tags: [], operations: [], skipStability: [], includeRateLimit: false };

async function plan(options: Partial<PlanOptions> = {}) {
  const { loaded } = await petstoreDocument();
  return buildPlan(loaded, { ...defaults, ...options });
}

describe('the plan, built from the document alone', () => {
  it('has positive, negative and state cases for every operation', async () => {
    const { cases, index } = await plan({ readonlyKey: 'ro' });
    for (const operation of index.operations) {
      const kinds = new Set(cases.filter((c) => c.operationId === operation.operationId).map((c) => c.kind));
      expect([operation.operationId, kinds.has('positive'), kinds.has('negative')]).toEqual([operation.operationId, true, true]);
    }
    expect(cases.filter((c) => c.kind === 'state').map((c) => c.id)).toEqual([
      // Each list is walked whole and by pages (X-Total-Count, Link, order; decision 069).
      'listPets/state/list-walk',
      'createPet/state/created-reads-back',
      'replacePet/state/updated-reads-back',
      'deletePet/state/deleted-reads-404',
      'updatePet/state/updated-reads-back',
      'listCategories/state/list-walk',
      'createCategory/state/created-reads-back',
      'replaceCategory/state/updated-reads-back',
      'deleteCategory/state/deleted-reads-404',
      'listOrders/state/list-walk',
      'placeOrder/state/created-reads-back',
      'deleteOrder/state/deleted-reads-404',
      'updateOrder/state/updated-reads-back',
      'listInventory/state/list-walk',
      'setInventory/state/updated-reads-back',
    ]);
  });

  it('sends each named request example in a positive case', async () => {
    const { cases } = await plan();
    const createPet = cases.filter((c) => c.operationId === 'createPet' && c.kind === 'positive');
    expect(createPet.map((c) => c.id)).toEqual(['createPet/positive/example:dog', 'createPet/positive/example:pendingCat']);
    expect(createPet[1]!.request.body).toEqual({ value: { name: 'Tom', categoryId: 2, status: 'pending' }, refs: { categoryId: 'category' } });
    expect(createPet[0]!.expect).toEqual(['201']);
    expect(createPet[0]!.verify).toBe('location');
  });

  it('creates dependencies first: category, then pet, then stock, then order', async () => {
    const { cases, recipes } = await plan();
    const byId = (id: string) => cases.find((c) => c.id === id)!;
    expect(byId('getOrderById/positive/plain').fixtures).toEqual(['category', 'pet', 'order']);
    expect(recipes.get('order')!.prepare).toEqual([
      { operationId: 'setInventory', pathParams: { petId: { fixture: 'pet' } }, query: {}, credentials: 'api-key', body: { value: { quantity: 25 }, refs: {} } },
    ]);
    const placeOrder = byId('placeOrder/positive/example:scheduled');
    expect(placeOrder.fixtures).toEqual(['category', 'pet']);
    expect(placeOrder.prepare.map((p) => p.operationId)).toEqual(['setInventory']);
    expect(placeOrder.request.body!.refs).toEqual({ petId: 'pet' });
  });

  it('sets the stock to at least the quantity ordered', async () => {
    const { loaded } = await petstoreDocument();
    const document = structuredClone(loaded.document);
    const media = document.paths['/store/orders']!.post!.requestBody as { content: Record<string, { examples: Record<string, { value: unknown }> }> };
    media.content['application/json']!.examples = { many: { value: { petId: 1, quantity: 40 } } };
    const { cases } = buildPlan({ ...loaded, document }, defaults);
    expect(cases.find((c) => c.id === 'placeOrder/positive/example:many')!.prepare[0]!.body!.value).toEqual({ quantity: 40 });
  });

  it('accepts a documented 410 from the sunset operation where it expects 200 or 404', async () => {
    const { cases } = await plan();
    expect(cases.find((c) => c.id === 'getPetById/positive/plain')!.expect).toEqual(['200', '410']);
    expect(cases.find((c) => c.id === 'getPetById/negative/unknown-id')!.expect).toEqual(['404', '410']);
    expect(cases.find((c) => c.id === 'getOrderById/negative/unknown-id')!.expect).toEqual(['404']);
  });

  it('makes bad bodies by removing a required field, changing a type, adding a field', async () => {
    const { cases } = await plan();
    const bad = cases.filter((c) => c.operationId === 'placeOrder' && c.id.includes('bad-body'));
    expect(bad.map((c) => [c.id, c.request.body])).toEqual([
      ['placeOrder/negative/bad-body:missing-petId', { value: { quantity: 1 }, refs: {} }],
      ['placeOrder/negative/bad-body:wrong-type-quantity', { value: { petId: 1, quantity: 'not-a-number' }, refs: { petId: 'pet' } }],
      ['placeOrder/negative/bad-body:extra-field', { value: { petId: 1, quantity: 1, unexpectedField: true }, refs: { petId: 'pet' } }],
    ]);
    expect(bad.every((c) => c.expect.join() === '400')).toBe(true);
  });

  it('sends a JSON body as text/plain where 415 is documented, and an unknown reference where 422 is', async () => {
    const { cases } = await plan();
    const ids = (suffix: string) => cases.filter((c) => c.id.includes(suffix)).map((c) => c.operationId);
    expect(ids('unsupported-media-type')).toEqual(['createPet', 'replacePet', 'updatePet', 'createCategory', 'replaceCategory', 'placeOrder', 'updateOrder', 'setInventory']);
    expect(cases.find((c) => c.id === 'createPet/negative/unsupported-media-type')!.request.contentType).toBe('text/plain');
    expect(ids('unknown-reference')).toEqual(['createPet', 'replacePet', 'updatePet', 'placeOrder']);
    const update = cases.find((c) => c.id === 'updatePet/negative/unknown-reference:categoryId')!;
    expect([update.request.body, update.expect, update.fixtures]).toEqual([{ value: { name: 'Buddy', categoryId: 9007199254740991 }, refs: {} }, ['422'], ['category', 'pet']]);
  });

  it('plans read-only cases for writes only, and only with --readonly-key', async () => {
    expect((await plan()).cases.some((c) => c.id.endsWith('read-only-key'))).toBe(false);
    const readOnly = (await plan({ readonlyKey: 'ro' })).cases.filter((c) => c.id.endsWith('read-only-key'));
    expect(readOnly.map((c) => c.method).sort()).toEqual(['DELETE', 'DELETE', 'DELETE', 'PATCH', 'PATCH', 'POST', 'POST', 'POST', 'PUT', 'PUT', 'PUT']);
    expect(readOnly.every((c) => c.expectCode === 'forbidden' && c.request.credentials === 'readonly-key')).toBe(true);
  });

  it('puts the rate-limit case last, on a cheap list with the smallest page', async () => {
    const { cases } = await plan({ includeRateLimit: true });
    expect(cases.at(-1)).toMatchObject({ id: 'listPets/rate-limit/drive-to-429', kind: 'rate-limit', request: { query: { limit: 1 }, credentials: 'rate-limit-key' } });
  });
});

describe('filters', () => {
  it('--operation keeps only those operations (their dependencies are still created)', async () => {
    const { cases } = await plan({ operations: ['createPet'] });
    expect(new Set(cases.map((c) => c.operationId))).toEqual(new Set(['createPet']));
    expect(cases[0]!.fixtures).toEqual(['category']);
  });

  it('--tag keeps the operations with that tag', async () => {
    const { selected } = await plan({ tags: ['Store'] });
    expect(selected.map((o) => o.operationId)).toEqual(['listOrders', 'placeOrder', 'getOrderById', 'deleteOrder', 'updateOrder', 'listInventory', 'getInventoryItem', 'setInventory']);
  });

  it('--skip-stability experimental drops those operations and skips cases that would need one', async () => {
    const { cases, selected } = await plan({ skipStability: ['experimental'] });
    expect(selected.some((o) => o.operationId === 'setInventory')).toBe(false);
    const orderCase = cases.find((c) => c.id === 'getOrderById/positive/plain')!;
    expect(orderCase.skipReason).toBe('needs setInventory (experimental) to prepare a order, and --skip-stability experimental excludes it');
    expect(cases.find((c) => c.id === 'createPet/positive/example:dog')!.skipReason).toBeUndefined();
  });

  it('--skip-stability beta drops the beta operations', async () => {
    const { selected } = await plan({ skipStability: ['beta'] });
    expect(selected.filter((o) => o.stability === 'beta')).toEqual([]);
    expect(selected.map((o) => o.operationId)).toContain('createPet');
  });

  it('refuses an unknown operationId or tag instead of running nothing', async () => {
    await expect(plan({ operations: ['createPets'] })).rejects.toThrow(ContractRunError);
    await expect(plan({ operations: ['createPets'] })).rejects.toThrow(/--operation createPets: no such operationId/);
    await expect(plan({ tags: ['Cats'] })).rejects.toThrow(/--tag Cats: no operation has that tag/);
  });
});

describe('the prerequisites data file (contracts/petstore.prerequisites.json)', () => {
  it('skips only the cases that need a prerequisite the document lacks, and plans the rest', async () => {
    const { loaded } = await petstoreDocument();
    const document = structuredClone(loaded.document);
    delete document.paths['/store/inventory/{petId}']!.put;
    // With --allow-destructive, so that the only cases skipped are the prerequisites'.
    const { cases } = buildPlan({ ...loaded, document }, { ...defaults, allowDestructive: true });
    const skipped = cases.filter((c) => c.skipReason !== undefined);
    expect(new Set(skipped.map((c) => c.operationId))).toEqual(new Set(['placeOrder', 'getOrderById', 'deleteOrder', 'updateOrder']));
    expect(cases.find((c) => c.id === 'placeOrder/positive/example:scheduled')!.skipReason).toBe(
      'placeOrder needs setInventory first (an order takes stock, and a new pet has none; contracts/petstore.prerequisites.json), which the document does not define',
    );
    expect(cases.find((c) => c.id === 'getOrderById/positive/plain')!.skipReason).toMatch(/^cannot create the order it needs: placeOrder needs setInventory first/);
    expect(cases.find((c) => c.id === 'placeOrder/negative/bad-body:missing-petId')!.skipReason).toBeUndefined();
    expect(cases.filter((c) => c.operationId === 'createPet').every((c) => c.skipReason === undefined)).toBe(true);
  });

  it('leaves alone an operation of the same id at another path (another API)', async () => {
    const { loaded } = await petstoreDocument();
    const document = structuredClone(loaded.document);
    document.paths['/store/order'] = document.paths['/store/orders']!;
    delete document.paths['/store/orders'];
    const { cases } = buildPlan({ ...loaded, document }, defaults);
    const placeOrder = cases.find((c) => c.id === 'placeOrder/positive/example:scheduled')!;
    expect([placeOrder.prepare, placeOrder.skipReason]).toEqual([[], undefined]);
  });
});
