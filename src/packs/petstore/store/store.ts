import type { Category, InventoryItem, NewCategory, NewOrder, NewPet, Order, OrderChange, Pet, PetStatus, PetUpdate, StoreData } from './records.js';

export interface PageRequest {
  limit: number;
  offset: number;
}

export interface Page<T> {
  items: readonly T[];
  /** How many records match the filter over all pages. */
  total: number;
}

export interface PetFilter {
  status?: readonly PetStatus[];
  categoryId?: number;
  /** Case-insensitive substring of the name. */
  name?: string;
  id?: readonly number[];
}

export interface OrderFilter {
  petId?: number;
  complete?: boolean;
}

export interface InventoryFilter {
  status?: readonly PetStatus[];
}

/**
 * The state of one session. Async at the boundary so a shared backend (Redis, for several mock
 * replicas) can implement it later without touching the pipeline. Every method either applies
 * its whole change or throws an ApiError and changes nothing; lists are ordered by id ascending.
 *
 * Errors (ApiError codes): not_found (an id in the path names no record), invalid_reference
 * (a categoryId / petId in a body names no record), and the 409s of INTERFACE.md section 7.
 */
export interface Store {
  listPets(filter: PetFilter, page: PageRequest): Promise<Page<Pet>>;
  getPet(id: number): Promise<Pet>;
  createPet(input: NewPet): Promise<Pet>;
  replacePet(id: number, input: NewPet): Promise<Pet>;
  updatePet(id: number, patch: PetUpdate): Promise<Pet>;
  deletePet(id: number): Promise<void>;

  listCategories(page: PageRequest): Promise<Page<Category>>;
  getCategory(id: number): Promise<Category>;
  createCategory(input: NewCategory): Promise<Category>;
  replaceCategory(id: number, input: NewCategory): Promise<Category>;
  deleteCategory(id: number): Promise<void>;

  listOrders(filter: OrderFilter, page: PageRequest): Promise<Page<Order>>;
  getOrder(id: number): Promise<Order>;
  /** `now` (epoch ms) is the ship date of an order placed without one. */
  placeOrder(input: NewOrder, now: number): Promise<Order>;
  updateOrder(id: number, update: { complete: boolean }): Promise<OrderChange>;
  deleteOrder(id: number): Promise<void>;

  listInventory(filter: InventoryFilter, page: PageRequest): Promise<Page<InventoryItem>>;
  getInventory(petId: number): Promise<InventoryItem>;
  setInventory(petId: number, quantity: number): Promise<InventoryItem>;

  /** A consistent copy of everything (admin, invariant checks in tests). */
  snapshot(): Promise<StoreData>;
}
