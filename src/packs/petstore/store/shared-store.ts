import type { SharedDocument } from '../../../store/shared-document.js';
import { SharedState } from '../../../store/shared-document.js';
import type { StoreData } from './records.js';
import type { Store } from './store.js';
import { listCategories, listInventory, listOrders, listPets } from './queries.js';
import { dataFromState, stateFromData, type StoreState } from './store-state.js';
import * as t from './transitions.js';

/** The state as JSON: the records, the stock as pairs, and the id sequences (ids are never reused). */
interface StoredState {
  categories: StoreData['categories'];
  pets: StoreData['pets'];
  stock: [number, number][];
  orders: StoreData['orders'];
  nextId: StoreState['nextId'];
}

/**
 * The Petstore of one session in a shared store (Redis), for several mock processes: the same
 * pure transitions as the memory store, each run on a fresh read and written only if nobody
 * wrote in between (src/store/shared-document.ts), so of 30 orders raced through three processes
 * at a stock of 10, exactly 10 succeed. A transition that throws writes nothing.
 */
export function createSharedStore(seed: StoreData, document: SharedDocument): Store {
  return storeOver(sharedState(seed, document));
}

/** The state of an imported snapshot, written over what the shared store held for the session. */
export async function restoreSharedStore(data: StoreData, document: SharedDocument): Promise<Store> {
  return storeOver(await sharedState(data, document).overwrite());
}

function sharedState(seed: StoreData, document: SharedDocument): SharedState<StoreState> {
  return new SharedState<StoreState>(document, {
    seed: () => stateFromData(seed),
    parse: (text) => {
      const stored = JSON.parse(text) as StoredState;
      const state = stateFromData({ ...stored, stock: new Map(stored.stock) });
      state.nextId = stored.nextId;
      return state;
    },
    serialize: (state) => {
      const data = dataFromState(state);
      const stored: StoredState = { categories: data.categories, pets: data.pets, stock: [...state.stock], orders: data.orders, nextId: state.nextId };
      return JSON.stringify(stored);
    },
  });
}

function storeOver(shared: SharedState<StoreState>): Store {
  const read = <T>(query: (state: StoreState) => T) => shared.read().then(query);
  const change = <T>(transition: (state: StoreState) => T) => shared.update(transition);
  return {
    listPets: (filter, page) => read((s) => listPets(s, filter, page)),
    getPet: (id) => read((s) => t.findPet(s, id)),
    createPet: (input) => change((s) => t.createPet(s, input)),
    replacePet: (id, input) => change((s) => t.replacePet(s, id, input)),
    updatePet: (id, patch) => change((s) => t.updatePet(s, id, patch)),
    deletePet: (id) => change((s) => t.deletePet(s, id)),

    listCategories: (page) => read((s) => listCategories(s, page)),
    getCategory: (id) => read((s) => t.findCategory(s, id)),
    createCategory: (input) => change((s) => t.createCategory(s, input)),
    replaceCategory: (id, input) => change((s) => t.replaceCategory(s, id, input)),
    deleteCategory: (id) => change((s) => t.deleteCategory(s, id)),

    listOrders: (filter, page) => read((s) => listOrders(s, filter, page)),
    getOrder: (id) => read((s) => t.findOrder(s, id)),
    placeOrder: (input, now) => change((s) => t.placeOrder(s, input, now)),
    updateOrder: (id, update) => change((s) => t.updateOrder(s, id, update)),
    deleteOrder: (id) => change((s) => t.deleteOrder(s, id)),

    listInventory: (filter, page) => read((s) => listInventory(s, filter, page)),
    getInventory: (petId) => read((s) => t.findInventory(s, petId)),
    setInventory: (petId, quantity) => change((s) => t.setInventory(s, petId, quantity)),

    snapshot: () => shared.read(true).then(dataFromState),
  };
}
