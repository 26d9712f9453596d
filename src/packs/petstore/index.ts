import type { BehaviourPack } from '../../engine/behaviour-pack.js';
import { HANDLERS } from './handlers/index.js';
import { petstoreEvents } from './events.js';
import { hasPetstoreShape } from './operation-shapes.js';
import { buildSeedData } from './seed-data.js';
import { createMemoryStore } from './store/memory-store.js';
import { createSharedStore, restoreSharedStore } from './store/shared-store.js';
import { exportPetstore, importPetstore } from './snapshot.js';
import type { StoreData } from './store/records.js';
import type { Store } from './store/store.js';

/**
 * The Petstore of INTERFACE.md sections 2 and 7 (categories, pets, stock, orders and their
 * transitions) as a behaviour pack: it claims the operations of spec/petstore.yaml, in any
 * document that has them with the same shapes, and nothing else.
 */
export const petstorePack: BehaviourPack<Store, StoreData> = {
  name: 'petstore',
  claims: (operation) => hasPetstoreShape(operation),
  seed: (document, seed) => buildSeedData(document, seed),
  createState: (data) => createMemoryStore(data),
  createSharedState: (data, document) => createSharedStore(data, document),
  snapshot: (store) => store.snapshot(),
  handler: (operation) => HANDLERS[operation.operationId]!,
  events: (document) => petstoreEvents(document),
  exportState: (store) => exportPetstore(store),
  importState: (value, path, tools) => importPetstore(value, path, tools),
  restoreSharedState: (data, document) => restoreSharedStore(data, document),
};
