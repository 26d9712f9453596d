import { describe, expect, it } from 'vitest';
import { completeOrder, deleteOrder, placeOrder, setStock, type StoreState } from '../../../../src/contract/phases/petstore-model/store-rules.js';

const state = (stock: number, status: StoreState['status'], orders: [string, number, boolean][] = []): StoreState => ({ stock, status, orders: new Map(orders.map(([id, quantity, complete]) => [id, { quantity, complete }])) });

describe('section 7 as the store model predicts it', () => {
  it('an order takes stock, and the last unit makes the pet pending', () => {
    expect(placeOrder(state(3, 'available'), 2)).toMatchObject({ status: 201, next: { stock: 1, status: 'available' } });
    expect(placeOrder(state(2, 'available'), 2)).toMatchObject({ status: 201, next: { stock: 0, status: 'pending' } });
  });
  it('refuses an order for a pet not available, or beyond the stock', () => {
    expect(placeOrder(state(5, 'pending'), 1)).toMatchObject({ status: 409, code: 'pet_not_available' });
    expect(placeOrder(state(1, 'available'), 2)).toMatchObject({ status: 409, code: 'insufficient_stock' });
  });
  it('completing the last open order of a pet without stock sells it', () => {
    expect(completeOrder(state(0, 'pending', [['1', 2, false]]), '1')).toMatchObject({ status: 200, next: { status: 'sold' } });
    expect(completeOrder(state(0, 'pending', [['1', 2, false], ['2', 1, false]]), '1')).toMatchObject({ next: { status: 'pending' } });
  });
  it('deleting an open order gives its stock back; a completed one is 409', () => {
    expect(deleteOrder(state(0, 'pending', [['1', 2, false]]), '1')).toMatchObject({ status: 204, next: { stock: 2, status: 'available' } });
    expect(deleteOrder(state(0, 'sold', [['1', 2, true]]), '1')).toMatchObject({ status: 409, code: 'order_completed' });
  });
  it('setting the stock makes a pet available, or sold (pending with open orders) at 0', () => {
    expect(setStock(state(0, 'sold'), 4).next.status).toBe('available');
    expect(setStock(state(4, 'available'), 0).next.status).toBe('sold');
    expect(setStock(state(4, 'available', [['1', 1, false]]), 0).next.status).toBe('pending');
  });
});
