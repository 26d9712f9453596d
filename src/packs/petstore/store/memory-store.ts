import type { StoreData } from './records.js';
import type { Store } from './store.js';
import { listCategories, listInventory, listOrders, listPets } from './queries.js';
import { dataFromState, stateFromData } from './store-state.js';
import * as t from './transitions.js';

/**
 * A Store held in memory, for one session. Every method is `async` only to fit the interface:
 * its body never awaits, so the whole read-check-write runs synchronously when it is called and
 * no other request can interleave with it (of N orders for the last unit, exactly one wins).
 * A method that throws has changed nothing (the transitions check before they write), and the
 * throw becomes a rejected promise.
 *
 * Building one copies the Maps, not the records: the seed's frozen records are shared by every
 * session made from it.
 */
export function createMemoryStore(data: StoreData): Store {
  const state = stateFromData(data);
  return {
    listPets: async (filter, page) => listPets(state, filter, page),
    getPet: async (id) => t.findPet(state, id),
    createPet: async (input) => t.createPet(state, input),
    replacePet: async (id, input) => t.replacePet(state, id, input),
    updatePet: async (id, patch) => t.updatePet(state, id, patch),
    deletePet: async (id) => t.deletePet(state, id),

    listCategories: async (page) => listCategories(state, page),
    getCategory: async (id) => t.findCategory(state, id),
    createCategory: async (input) => t.createCategory(state, input),
    replaceCategory: async (id, input) => t.replaceCategory(state, id, input),
    deleteCategory: async (id) => t.deleteCategory(state, id),

    listOrders: async (filter, page) => listOrders(state, filter, page),
    getOrder: async (id) => t.findOrder(state, id),
    placeOrder: async (input, now) => t.placeOrder(state, input, now),
    updateOrder: async (id, update) => t.updateOrder(state, id, update),
    deleteOrder: async (id) => t.deleteOrder(state, id),

    listInventory: async (filter, page) => listInventory(state, filter, page),
    getInventory: async (petId) => t.findInventory(state, petId),
    setInventory: async (petId, quantity) => t.setInventory(state, petId, quantity),

    snapshot: async () => dataFromState(state),
  };
}
