import type { StatefulModel } from '../stateful-model.js';
import { petstoreKeepsReference, petstorePutKeeps, storeRulesApply, PETSTORE_STORE_OPERATIONS } from './operations.js';
import { runStoreRulesCase } from './store-case.js';

/** The Petstore's section-7 model as a stateful model of the deep runner. */
export const petstoreStoreModel: StatefulModel = {
  name: 'section-7-store-rules',
  title: 'random stock changes, pet status changes and orders placed, completed and cancelled for one pet follow section 7 (stock, pet and inventory status)',
  anchor: (index) => (storeRulesApply(index) ? PETSTORE_STORE_OPERATIONS.placeOrder.id : undefined),
  expect: ['201'],
  run: async (run, setUp) => void (await runStoreRulesCase(run, setUp)),
  putKeeps: petstorePutKeeps,
  keepsReference: petstoreKeepsReference,
};
