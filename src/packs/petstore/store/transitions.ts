import { ApiError } from '../../../core/errors.js';
import type { Category, InventoryItem, NewCategory, NewOrder, NewPet, Order, OrderChange, Pet, PetStatus, PetUpdate } from './records.js';
import type { StoreState } from './store-state.js';

/*
 * The state machine of INTERFACE.md section 7. Every function first runs all its checks, in the
 * order 404 (the id in the path) -> 422 (references in the body) -> 409 (the state forbids it),
 * and only then writes, so a call that throws has changed nothing. Records are built field by
 * field: whatever else an input object carries never reaches the store.
 *
 * Messages name ids only (numbers), never names or other input, so they stay short whatever
 * a client sends.
 */

// ---- reads --------------------------------------------------------------------------------

export function findPet(state: StoreState, id: number): Pet {
  const pet = state.pets.get(id);
  if (!pet) throw new ApiError('not_found', `No pet with id ${id}`);
  return pet;
}

export function findCategory(state: StoreState, id: number): Category {
  const category = state.categories.get(id);
  if (!category) throw new ApiError('not_found', `No category with id ${id}`);
  return category;
}

export function findOrder(state: StoreState, id: number): Order {
  const order = state.orders.get(id);
  if (!order) throw new ApiError('not_found', `No order with id ${id}`);
  return order;
}

/** The inventory entry of a pet, derived: its status is the pet's, so the two never disagree. */
export function inventoryItem(state: StoreState, pet: Pet): InventoryItem {
  return Object.freeze({ petId: pet.id, quantity: state.stock.get(pet.id) ?? 0, status: pet.status });
}

export function findInventory(state: StoreState, petId: number): InventoryItem {
  return inventoryItem(state, findPet(state, petId));
}

/** How many open orders a pet has, `except` one order id (the one being completed). */
export function openOrderCount(state: StoreState, petId: number, except?: number): number {
  let count = 0;
  for (const order of state.orders.values()) {
    if (order.petId === petId && !order.complete && order.id !== except) count += 1;
  }
  return count;
}

// ---- categories ---------------------------------------------------------------------------

export function createCategory(state: StoreState, input: NewCategory): Category {
  const category = categoryRecord(state.nextId.category, input);
  state.nextId.category += 1;
  state.categories.set(category.id, category);
  return category;
}

/** PUT semantics: a body without `description` removes it. */
export function replaceCategory(state: StoreState, id: number, input: NewCategory): Category {
  findCategory(state, id);
  const category = categoryRecord(id, input);
  state.categories.set(id, category);
  return category;
}

export function deleteCategory(state: StoreState, id: number): void {
  findCategory(state, id);
  let users = 0;
  for (const pet of state.pets.values()) if (pet.categoryId === id) users += 1;
  if (users > 0) throw new ApiError('category_in_use', `Category ${id} is used by ${plural(users, 'pet')}`);
  state.categories.delete(id);
}

// ---- pets ---------------------------------------------------------------------------------

/** A new pet is `available` unless the body says otherwise, with a stock of 0. */
export function createPet(state: StoreState, input: NewPet): Pet {
  requireCategory(state, input.categoryId);
  const pet = petRecord(state.nextId.pet, input.name, input.categoryId, input.status ?? 'available');
  state.nextId.pet += 1;
  state.pets.set(pet.id, pet);
  state.stock.set(pet.id, 0);
  return pet;
}

/** PUT: the whole pet; without `status` it keeps the current one. Setting status has no side effects. */
export function replacePet(state: StoreState, id: number, input: NewPet): Pet {
  const current = findPet(state, id);
  requireCategory(state, input.categoryId);
  const pet = petRecord(id, input.name, input.categoryId, input.status ?? current.status);
  state.pets.set(id, pet);
  return pet;
}

/** PATCH: only the given fields change; `{}` returns the pet as it is. */
export function updatePet(state: StoreState, id: number, patch: PetUpdate): Pet {
  const current = findPet(state, id);
  if (patch.categoryId !== undefined) requireCategory(state, patch.categoryId);
  if (patch.name === undefined && patch.categoryId === undefined && patch.status === undefined) return current;
  const pet = petRecord(
    id,
    patch.name ?? current.name,
    patch.categoryId ?? current.categoryId,
    patch.status ?? current.status,
  );
  state.pets.set(id, pet);
  return pet;
}

/**
 * Deletes the pet and its inventory entry. Its completed orders stay, as history: an order may
 * name a deleted pet only when it is complete (open orders block the delete), and the id is
 * never given to another pet (see stateFromData).
 */
export function deletePet(state: StoreState, id: number): void {
  findPet(state, id);
  const open = openOrderCount(state, id);
  if (open > 0) throw new ApiError('pet_has_open_orders', `Pet ${id} has ${plural(open, 'open order')}`);
  state.pets.delete(id);
  state.stock.delete(id);
}

// ---- orders -------------------------------------------------------------------------------

/**
 * The order takes the stock; taking the last unit makes the pet `pending`. `now` (epoch ms) is
 * the ship date of an order placed without one.
 */
export function placeOrder(state: StoreState, input: NewOrder, now: number): Order {
  const pet = state.pets.get(input.petId);
  if (!pet) throw new ApiError('invalid_reference', `No pet with id ${input.petId}`);
  if (pet.status !== 'available') throw new ApiError('pet_not_available', `Pet ${pet.id} is ${pet.status}`);
  const stock = state.stock.get(pet.id) ?? 0;
  if (stock < input.quantity) {
    throw new ApiError('insufficient_stock', `Pet ${pet.id} has ${stock} in stock, ${input.quantity} ordered`);
  }
  const order: Order = Object.freeze({
    id: state.nextId.order,
    petId: pet.id,
    quantity: input.quantity,
    shipDate: input.shipDate ?? new Date(now).toISOString(),
    complete: false,
  });
  state.nextId.order += 1;
  state.orders.set(order.id, order);
  const left = stock - input.quantity;
  state.stock.set(pet.id, left);
  if (left === 0) setStatus(state, pet, 'pending');
  return order;
}

/**
 * `{complete: true}` fulfils the order; a pet with no stock and no other open order is then
 * `sold`. Completing twice is a no-op; `complete` never goes back to false. `completed` says
 * that this call fulfilled it (the pack's `orderCompleted` event), decided on the state it changed.
 */
export function updateOrder(state: StoreState, id: number, update: { complete: boolean }): OrderChange {
  const current = findOrder(state, id);
  if (!update.complete) {
    if (current.complete) throw new ApiError('order_completed', `Order ${id} is complete`);
    return { order: current, completed: false };
  }
  if (current.complete) return { order: current, completed: false };
  const order: Order = Object.freeze({ ...current, complete: true });
  state.orders.set(id, order);
  const pet = state.pets.get(order.petId);
  if (pet && (state.stock.get(pet.id) ?? 0) === 0 && openOrderCount(state, pet.id, id) === 0) {
    setStatus(state, pet, 'sold');
  }
  return { order, completed: true };
}

/** Cancels an open order: its stock comes back, and a `pending` pet with stock is `available` again. */
export function deleteOrder(state: StoreState, id: number): void {
  const order = findOrder(state, id);
  if (order.complete) throw new ApiError('order_completed', `Order ${id} is complete`);
  state.orders.delete(id);
  const pet = state.pets.get(order.petId);
  // An open order always names an existing pet (deletePet refuses while orders are open).
  if (!pet) return;
  const stock = (state.stock.get(pet.id) ?? 0) + order.quantity;
  state.stock.set(pet.id, stock);
  if (pet.status === 'pending' && stock > 0) setStatus(state, pet, 'available');
}

// ---- inventory ----------------------------------------------------------------------------

/**
 * Sets the stock. Stock makes a `sold` or `pending` pet `available`; no stock makes an
 * `available` pet `sold`, or `pending` while orders for it are still open.
 */
export function setInventory(state: StoreState, petId: number, quantity: number): InventoryItem {
  const pet = findPet(state, petId);
  state.stock.set(petId, quantity);
  let status: PetStatus = pet.status;
  if (quantity > 0 && status !== 'available') status = 'available';
  else if (quantity === 0 && status === 'available') status = openOrderCount(state, petId) > 0 ? 'pending' : 'sold';
  return inventoryItem(state, setStatus(state, pet, status));
}

// ---- helpers ------------------------------------------------------------------------------

function requireCategory(state: StoreState, categoryId: number): void {
  if (!state.categories.has(categoryId)) throw new ApiError('invalid_reference', `No category with id ${categoryId}`);
}

function setStatus(state: StoreState, pet: Pet, status: PetStatus): Pet {
  if (pet.status === status) return pet;
  const next = petRecord(pet.id, pet.name, pet.categoryId, status);
  state.pets.set(pet.id, next);
  return next;
}

function petRecord(id: number, name: string, categoryId: number, status: PetStatus): Pet {
  return Object.freeze({ id, name, categoryId, status });
}

function categoryRecord(id: number, input: NewCategory): Category {
  // No `description: undefined` key: a record reads the same before and after a JSON round trip.
  return Object.freeze(input.description === undefined ? { id, name: input.name } : { id, name: input.name, description: input.description });
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
