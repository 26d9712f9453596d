import type { Operation, OperationIndex } from '../../../spec/operation-index.js';

/**
 * The Petstore's own model (INTERFACE section 7): the operations it drives, by operationId, with
 * the method and path each must have. The only place in src/contract that names Petstore
 * operations; the generic phases reach it through STATEFUL_MODELS.
 */
export const PETSTORE_STORE_OPERATIONS = {
  placeOrder: { id: 'placeOrder', method: 'post', path: '/store/orders' },
  completeOrder: { id: 'updateOrder', method: 'patch', path: '/store/orders/{orderId}' },
  cancelOrder: { id: 'deleteOrder', method: 'delete', path: '/store/orders/{orderId}' },
  setStock: { id: 'setInventory', method: 'put', path: '/store/inventory/{petId}' },
  readStock: { id: 'getInventoryItem', method: 'get', path: '/store/inventory/{petId}' },
  readPet: { id: 'getPetById', method: 'get', path: '/pets/{petId}' },
  setPetStatus: { id: 'updatePet', method: 'patch', path: '/pets/{petId}', optional: true },
  replacePet: { id: 'replacePet', method: 'put', path: '/pets/{petId}', optional: true },
} as const;

/** Section 7: only a pet with open orders cannot be deleted; a completed order goes on naming a pet deleted after it. */
export function petstoreKeepsReference(index: OperationIndex, create: Operation, field: string, row: Readonly<Record<string, unknown>>): boolean {
  return storeRulesApply(index) && create.operationId === PETSTORE_STORE_OPERATIONS.placeOrder.id && field === 'petId' && row['complete'] === true;
}

/** Section 7: "a PUT without `status` keeps the current one" (the PUT replaces the rest). */
export function petstorePutKeeps(index: OperationIndex, operation: Operation): readonly string[] {
  return storeRulesApply(index) && storeOperationFits(index, 'replacePet') && operation.operationId === PETSTORE_STORE_OPERATIONS.replacePet.id ? ['status'] : [];
}

export type StoreOperation = keyof typeof PETSTORE_STORE_OPERATIONS;

/** Whether the document has every operation the model drives, as the model knows it. */
export function storeRulesApply(index: OperationIndex): boolean {
  return (Object.keys(PETSTORE_STORE_OPERATIONS) as StoreOperation[]).every((name) => 'optional' in PETSTORE_STORE_OPERATIONS[name] || storeOperationFits(index, name));
}

/** Whether the document has this operation of the model with the method and path the model knows. */
export function storeOperationFits(index: OperationIndex, name: StoreOperation): boolean {
  const o = PETSTORE_STORE_OPERATIONS[name];
  const operation = index.byId(o.id);
  return operation !== undefined && operation.method === o.method && operation.path === o.path;
}
