/**
 * INTERFACE section 7 as pure functions: what the Petstore must answer to orders and stock for one
 * pet, given what the model knows (the Petstore's own model; see ./index.ts).
 */

export type PetStatus = 'available' | 'pending' | 'sold';

export interface StoreState {
  stock: number;
  status: PetStatus;
  /** This sequence's orders by id: quantity and whether complete. */
  orders: Map<string, { quantity: number; complete: boolean }>;
}

export interface Prediction {
  status: number;
  code?: string;
  next: StoreState;
}

const openOrders = (s: StoreState, except?: string) => [...s.orders].filter(([id, o]) => !o.complete && id !== except).length;
const copy = (s: StoreState): StoreState => ({ stock: s.stock, status: s.status, orders: new Map([...s.orders].map(([id, o]) => [id, { ...o }])) });

export function placeOrder(s: StoreState, quantity: number): Prediction {
  if (s.status !== 'available') return { status: 409, code: 'pet_not_available', next: s };
  if (s.stock < quantity) return { status: 409, code: 'insufficient_stock', next: s };
  const next = copy(s);
  next.stock -= quantity;
  if (next.stock === 0) next.status = 'pending';
  return { status: 201, next };
}

export function completeOrder(s: StoreState, id: string): Prediction {
  const next = copy(s);
  next.orders.get(id)!.complete = true;
  if (next.stock === 0 && openOrders(next) === 0) next.status = 'sold';
  return { status: 200, next };
}

export function deleteOrder(s: StoreState, id: string): Prediction {
  const order = s.orders.get(id)!;
  if (order.complete) return { status: 409, code: 'order_completed', next: s };
  const next = copy(s);
  next.orders.delete(id);
  next.stock += order.quantity;
  if (next.status === 'pending' && next.stock > 0) next.status = 'available';
  return { status: 204, next };
}

export function setStock(s: StoreState, quantity: number): Prediction {
  const next = copy(s);
  next.stock = quantity;
  if (quantity > 0 && (s.status === 'sold' || s.status === 'pending')) next.status = 'available';
  if (quantity === 0 && s.status === 'available') next.status = openOrders(s) > 0 ? 'pending' : 'sold';
  return { status: 200, next };
}

/** PUT/PATCH of a pet may set its status directly (section 7); stock and orders stay. */
export function setStatus(s: StoreState, status: PetStatus): Prediction {
  const next = copy(s);
  next.status = status;
  return { status: 200, next };
}
