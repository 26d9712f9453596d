import { expect } from 'vitest';
import { ApiError, type ErrorCode } from '../../../src/core/errors.js';
import type { StoreData } from '../../../src/packs/petstore/store/records.js';
import { dataFromState, stateFromData, type StoreState } from '../../../src/packs/petstore/store/store-state.js';

/** 2026-11-01T00:00:00Z: a fixed "now" so no test reads the real clock. */
export const NOW = Date.UTC(2026, 10, 1);

/**
 * A small data set that every transition test starts from:
 * categories 1 dog, 2 cat, 3 fish (unused); pets 1 Rex (dog, available, stock 3),
 * 2 Tom (cat, available, stock 1), 3 Bun (cat, sold, stock 0), 4 Max (dog, pending, stock 0,
 * one open order 2); orders 1 (pet 1, complete), 2 (pet 4, open).
 */
export function fixtureData(): StoreData {
  const frozen = <T extends object>(records: T[]): readonly T[] => Object.freeze(records.map((r) => Object.freeze(r)));
  return {
    categories: frozen([
      { id: 1, name: 'dog', description: 'Loyal companions' },
      { id: 2, name: 'cat' },
      { id: 3, name: 'fish' },
    ]),
    pets: frozen([
      { id: 1, name: 'Rex', categoryId: 1, status: 'available' as const },
      { id: 2, name: 'Tom', categoryId: 2, status: 'available' as const },
      { id: 3, name: 'Bun', categoryId: 2, status: 'sold' as const },
      { id: 4, name: 'Max', categoryId: 1, status: 'pending' as const },
    ]),
    stock: new Map([
      [1, 3],
      [2, 1],
      [3, 0],
      [4, 0],
    ]),
    orders: frozen([
      { id: 1, petId: 1, quantity: 2, shipDate: '2026-10-01T10:00:00.000Z', complete: true },
      { id: 2, petId: 4, quantity: 1, shipDate: '2026-10-20T10:00:00.000Z', complete: false },
    ]),
  };
}

export function fixtureState(): StoreState {
  return stateFromData(fixtureData());
}

/** Asserts that `act` throws an ApiError with `code` and leaves the state exactly as it was. */
export function expectRejected(state: StoreState, act: () => unknown, code: ErrorCode, message?: string): void {
  const before = JSON.stringify(plain(state));
  let thrown: unknown;
  try {
    act();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(ApiError);
  expect((thrown as ApiError).code).toBe(code);
  if (message !== undefined) expect((thrown as ApiError).message).toBe(message);
  expect(JSON.stringify(plain(state))).toBe(before);
}

/** The state as plain JSON-able data, counters included. */
export function plain(state: StoreState): unknown {
  const data = dataFromState(state);
  return { ...data, stock: [...data.stock], nextId: { ...state.nextId } };
}
