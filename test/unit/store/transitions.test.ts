import { describe, expect, it } from 'vitest';
import * as t from '../../../src/packs/petstore/store/transitions.js';
import { dataFromState, stateFromData } from '../../../src/packs/petstore/store/store-state.js';
import { NOW, expectRejected, fixtureState } from './store-fixture.js';

describe('createPet', () => {
  it('makes a new pet available with an inventory entry of 0 and the next id', () => {
    const state = fixtureState();
    const pet = t.createPet(state, { name: 'Nemo', categoryId: 3 });
    expect(pet).toEqual({ id: 5, name: 'Nemo', categoryId: 3, status: 'available' });
    expect(Object.isFrozen(pet)).toBe(true);
    expect(t.findInventory(state, 5)).toEqual({ petId: 5, quantity: 0, status: 'available' });
  });

  it('keeps the status the body gives', () => {
    const state = fixtureState();
    expect(t.createPet(state, { name: 'Tom', categoryId: 2, status: 'pending' }).status).toBe('pending');
    expect(t.findInventory(state, 5).status).toBe('pending');
  });

  it('stores only the known fields of the body', () => {
    const state = fixtureState();
    const body = { name: 'Rex', categoryId: 1, owner: 'someone' } as unknown as Parameters<typeof t.createPet>[1];
    expect(Object.keys(t.createPet(state, body)).sort()).toEqual(['categoryId', 'id', 'name', 'status']);
  });

  it('answers 422 invalid_reference for an unknown category and changes nothing', () => {
    const state = fixtureState();
    expectRejected(state, () => t.createPet(state, { name: 'Rex', categoryId: 99 }), 'invalid_reference', 'No category with id 99');
  });
});

describe('replacePet', () => {
  it('replaces name and category and keeps the status when the body has none', () => {
    const state = fixtureState();
    expect(t.replacePet(state, 4, { name: 'Maxi', categoryId: 2 })).toEqual({ id: 4, name: 'Maxi', categoryId: 2, status: 'pending' });
  });

  it('sets the status directly without touching stock or orders', () => {
    const state = fixtureState();
    t.replacePet(state, 1, { name: 'Rex', categoryId: 1, status: 'sold' });
    expect(t.findInventory(state, 1)).toEqual({ petId: 1, quantity: 3, status: 'sold' });
    expect(state.orders.size).toBe(2);
  });

  it('answers 404 for an unknown pet before looking at the body', () => {
    const state = fixtureState();
    expectRejected(state, () => t.replacePet(state, 7, { name: 'Rex', categoryId: 99 }), 'not_found', 'No pet with id 7');
  });

  it('answers 422 for an unknown category', () => {
    const state = fixtureState();
    expectRejected(state, () => t.replacePet(state, 1, { name: 'Rex', categoryId: 99 }), 'invalid_reference');
  });
});

describe('updatePet', () => {
  it('changes only the given fields', () => {
    const state = fixtureState();
    expect(t.updatePet(state, 2, { name: 'Tommy' })).toEqual({ id: 2, name: 'Tommy', categoryId: 2, status: 'available' });
    expect(t.updatePet(state, 2, { status: 'sold' })).toEqual({ id: 2, name: 'Tommy', categoryId: 2, status: 'sold' });
    expect(t.findInventory(state, 2)).toEqual({ petId: 2, quantity: 1, status: 'sold' });
  });

  it('treats {} as a no-op that returns the pet as it is', () => {
    const state = fixtureState();
    const before = state.pets.get(1);
    expect(t.updatePet(state, 1, {})).toBe(before);
    expect(state.pets.get(1)).toBe(before);
  });

  it('answers 404 for an unknown pet, also with an empty patch', () => {
    const state = fixtureState();
    expectRejected(state, () => t.updatePet(state, 9, {}), 'not_found', 'No pet with id 9');
    expectRejected(state, () => t.updatePet(state, 9, { categoryId: 99 }), 'not_found');
  });

  it('answers 422 for an unknown category', () => {
    const state = fixtureState();
    expectRejected(state, () => t.updatePet(state, 1, { name: 'X', categoryId: 99 }), 'invalid_reference');
  });
});

describe('deletePet', () => {
  it('deletes the pet and its inventory entry and keeps its completed orders', () => {
    const state = fixtureState();
    t.deletePet(state, 1);
    expect(state.pets.has(1)).toBe(false);
    expect(state.stock.has(1)).toBe(false);
    expect(t.findOrder(state, 1)).toMatchObject({ petId: 1, complete: true });
    expectRejected(state, () => t.findInventory(state, 1), 'not_found');
  });

  it('never gives the id of a deleted pet that a completed order names to a new pet', () => {
    const state = fixtureState();
    const nemo = t.createPet(state, { name: 'Nemo', categoryId: 3 });
    t.setInventory(state, nemo.id, 1);
    t.updateOrder(state, t.placeOrder(state, { petId: nemo.id, quantity: 1 }, NOW).id, { complete: true });
    t.deletePet(state, nemo.id);
    // A store made from the snapshot has no counter, only the data: the order still names pet 5.
    const rebuilt = stateFromData(dataFromState(state));
    expect(t.createPet(rebuilt, { name: 'Dory', categoryId: 3 }).id).toBe(nemo.id + 1);
  });

  it('answers 409 pet_has_open_orders while an order for it is open', () => {
    const state = fixtureState();
    expectRejected(state, () => t.deletePet(state, 4), 'pet_has_open_orders', 'Pet 4 has 1 open order');
  });

  it('answers 404 for an unknown pet', () => {
    const state = fixtureState();
    expectRejected(state, () => t.deletePet(state, 5), 'not_found');
  });
});

describe('categories', () => {
  it('creates a category with the next id, with or without a description', () => {
    const state = fixtureState();
    expect(t.createCategory(state, { name: 'bird', description: 'Songbirds' })).toEqual({ id: 4, name: 'bird', description: 'Songbirds' });
    expect(t.createCategory(state, { name: 'reptile' })).toStrictEqual({ id: 5, name: 'reptile' });
  });

  it('replaces a category, and a body without description removes it', () => {
    const state = fixtureState();
    expect(t.replaceCategory(state, 1, { name: 'dogs' })).toStrictEqual({ id: 1, name: 'dogs' });
    expect(t.findCategory(state, 1)).toStrictEqual({ id: 1, name: 'dogs' });
  });

  it('answers 404 when replacing or deleting an unknown category', () => {
    const state = fixtureState();
    expectRejected(state, () => t.replaceCategory(state, 8, { name: 'x' }), 'not_found', 'No category with id 8');
    expectRejected(state, () => t.deleteCategory(state, 8), 'not_found');
  });

  it('answers 409 category_in_use while pets use the category', () => {
    const state = fixtureState();
    expectRejected(state, () => t.deleteCategory(state, 2), 'category_in_use', 'Category 2 is used by 2 pets');
  });

  it('deletes a category no pet uses', () => {
    const state = fixtureState();
    t.deleteCategory(state, 3);
    expect(state.categories.has(3)).toBe(false);
  });
});

describe('placeOrder', () => {
  it('takes the stock and ships at `now` when the order has no ship date', () => {
    const state = fixtureState();
    const order = t.placeOrder(state, { petId: 1, quantity: 2 }, NOW);
    expect(order).toEqual({ id: 3, petId: 1, quantity: 2, shipDate: '2026-11-01T00:00:00.000Z', complete: false });
    expect(t.findInventory(state, 1)).toEqual({ petId: 1, quantity: 1, status: 'available' });
  });

  it('keeps the ship date the body gives', () => {
    const state = fixtureState();
    expect(t.placeOrder(state, { petId: 1, quantity: 1, shipDate: '2026-12-01T12:00:00Z' }, NOW).shipDate).toBe('2026-12-01T12:00:00Z');
  });

  it('takes the stock and makes the pet pending when it reaches 0', () => {
    const state = fixtureState();
    t.placeOrder(state, { petId: 1, quantity: 3 }, NOW);
    expect(t.findInventory(state, 1)).toEqual({ petId: 1, quantity: 0, status: 'pending' });
    expect(t.findPet(state, 1).status).toBe('pending');
  });

  it('answers 422 invalid_reference for an unknown pet', () => {
    const state = fixtureState();
    expectRejected(state, () => t.placeOrder(state, { petId: 42, quantity: 1 }, NOW), 'invalid_reference', 'No pet with id 42');
  });

  it('answers 409 pet_not_available for a pet that is not available, even with stock', () => {
    const state = fixtureState();
    expectRejected(state, () => t.placeOrder(state, { petId: 3, quantity: 1 }, NOW), 'pet_not_available', 'Pet 3 is sold');
    t.updatePet(state, 1, { status: 'pending' });
    expectRejected(state, () => t.placeOrder(state, { petId: 1, quantity: 1 }, NOW), 'pet_not_available', 'Pet 1 is pending');
  });

  it('answers 409 insufficient_stock when the stock is below the quantity', () => {
    const state = fixtureState();
    expectRejected(state, () => t.placeOrder(state, { petId: 1, quantity: 4 }, NOW), 'insufficient_stock', 'Pet 1 has 3 in stock, 4 ordered');
    t.createPet(state, { name: 'Nemo', categoryId: 3 });
    expectRejected(state, () => t.placeOrder(state, { petId: 5, quantity: 1 }, NOW), 'insufficient_stock');
  });
});

describe('updateOrder', () => {
  it('completes an order and makes a pet without stock and other open orders sold', () => {
    const state = fixtureState();
    expect(t.updateOrder(state, 2, { complete: true })).toMatchObject({ order: { id: 2, complete: true }, completed: true });
    expect(t.findPet(state, 4).status).toBe('sold');
    expect(t.findInventory(state, 4).status).toBe('sold');
  });

  it('keeps the pet pending while another order for it is open', () => {
    const state = fixtureState();
    const first = t.placeOrder(state, { petId: 1, quantity: 1 }, NOW);
    t.placeOrder(state, { petId: 1, quantity: 2 }, NOW);
    t.updateOrder(state, first.id, { complete: true });
    expect(t.findPet(state, 1).status).toBe('pending');
  });

  it('leaves the status alone while the pet still has stock', () => {
    const state = fixtureState();
    const order = t.placeOrder(state, { petId: 1, quantity: 1 }, NOW);
    t.updateOrder(state, order.id, { complete: true });
    expect(t.findPet(state, 1).status).toBe('available');
  });

  it('answers completing a complete order with the order, unchanged, and not as completed by this call', () => {
    const state = fixtureState();
    const before = state.orders.get(1);
    const again = t.updateOrder(state, 1, { complete: true });
    expect(again.order).toBe(before);
    expect(again.completed).toBe(false);
    expect(t.findPet(state, 1).status).toBe('available');
  });

  it('treats {complete: false} on an open order as a no-op', () => {
    const state = fixtureState();
    const before = state.orders.get(2);
    expect(t.updateOrder(state, 2, { complete: false })).toEqual({ order: before, completed: false });
  });

  it('answers 409 order_completed to {complete: false} on a complete order', () => {
    const state = fixtureState();
    expectRejected(state, () => t.updateOrder(state, 1, { complete: false }), 'order_completed', 'Order 1 is complete');
  });

  it('answers 404 for an unknown order', () => {
    const state = fixtureState();
    expectRejected(state, () => t.updateOrder(state, 3, { complete: true }), 'not_found', 'No order with id 3');
  });
});

describe('deleteOrder', () => {
  it('gives the stock of an open order back and makes a pending pet available', () => {
    const state = fixtureState();
    t.deleteOrder(state, 2);
    expect(state.orders.has(2)).toBe(false);
    expect(t.findInventory(state, 4)).toEqual({ petId: 4, quantity: 1, status: 'available' });
  });

  it('gives the stock back but leaves a pet that is not pending as it is', () => {
    const state = fixtureState();
    t.updatePet(state, 4, { status: 'sold' });
    t.deleteOrder(state, 2);
    expect(t.findInventory(state, 4)).toEqual({ petId: 4, quantity: 1, status: 'sold' });
  });

  it('answers 409 order_completed for a completed order', () => {
    const state = fixtureState();
    expectRejected(state, () => t.deleteOrder(state, 1), 'order_completed', 'Order 1 is complete');
  });

  it('answers 404 for an unknown order', () => {
    const state = fixtureState();
    expectRejected(state, () => t.deleteOrder(state, 9), 'not_found');
  });
});

describe('setInventory', () => {
  it('sets the stock and makes a sold or pending pet available when it is above 0', () => {
    const state = fixtureState();
    expect(t.setInventory(state, 3, 5)).toEqual({ petId: 3, quantity: 5, status: 'available' });
    expect(t.setInventory(state, 4, 1)).toEqual({ petId: 4, quantity: 1, status: 'available' });
    expect(t.findPet(state, 3).status).toBe('available');
  });

  it('makes an available pet sold at 0', () => {
    const state = fixtureState();
    expect(t.setInventory(state, 2, 0)).toEqual({ petId: 2, quantity: 0, status: 'sold' });
  });

  it('makes an available pet pending at 0 while it has open orders', () => {
    const state = fixtureState();
    t.placeOrder(state, { petId: 1, quantity: 1 }, NOW);
    expect(t.setInventory(state, 1, 0)).toEqual({ petId: 1, quantity: 0, status: 'pending' });
  });

  it('leaves a pending or sold pet as it is at 0', () => {
    const state = fixtureState();
    expect(t.setInventory(state, 3, 0).status).toBe('sold');
    expect(t.setInventory(state, 4, 0).status).toBe('pending');
  });

  it('keeps an available pet available when the stock changes but stays above 0', () => {
    const state = fixtureState();
    const before = state.pets.get(1);
    expect(t.setInventory(state, 1, 10)).toEqual({ petId: 1, quantity: 10, status: 'available' });
    expect(state.pets.get(1)).toBe(before);
  });

  it('answers 404 for an unknown pet', () => {
    const state = fixtureState();
    expectRejected(state, () => t.setInventory(state, 6, 1), 'not_found', 'No pet with id 6');
  });
});

describe('reads', () => {
  it('answers 404 not_found with the kind and id for every unknown id', () => {
    const state = fixtureState();
    expectRejected(state, () => t.findPet(state, 7), 'not_found', 'No pet with id 7');
    expectRejected(state, () => t.findCategory(state, 7), 'not_found', 'No category with id 7');
    expectRejected(state, () => t.findOrder(state, 7), 'not_found', 'No order with id 7');
    expectRejected(state, () => t.findInventory(state, 7), 'not_found', 'No pet with id 7');
  });
});
