import fc from 'fast-check';
import type { CaseRun } from '../../case-run.js';
import type { RequestTemplate } from '../../request-template.js';
import { guard, runGenerated } from '../generated-run.js';
import { PETSTORE_STORE_OPERATIONS, storeOperationFits, type StoreOperation } from './operations.js';
import { completeOrder, deleteOrder, placeOrder, setStatus, setStock, type PetStatus, type Prediction, type StoreState } from './store-rules.js';

interface Real {
  run: CaseRun;
  petId: unknown;
}
type Step = fc.AsyncCommand<{ state: StoreState }, Real>;

const call = (name: StoreOperation, path: Record<string, unknown>, body?: unknown): RequestTemplate => ({
  operationId: PETSTORE_STORE_OPERATIONS[name].id,
  pathParams: Object.fromEntries(Object.entries(path).map(([k, v]) => [k, { value: v }])),
  query: {},
  credentials: 'api-key',
  ...(body === undefined ? {} : { body: { value: body, refs: {} } }),
});

/** The URL of one of the model's operations, its path parameters filled. */
const urlOf = (run: CaseRun, name: StoreOperation, params: Record<string, unknown>) =>
  run.ctx.options.baseUrl + PETSTORE_STORE_OPERATIONS[name].path.replace(/\{([^}]+)\}/g, (_, p: string) => encodeURIComponent(String(params[p])));

/** Sends a step, compares the answer with the prediction, then reads the stock and both statuses back. */
async function step(model: { state: StoreState }, real: Real, template: RequestTemplate, predicted: Prediction): Promise<unknown> {
  const { run } = real;
  const { exchange } = await run.send(template, { statuses: [String(predicted.status)], ...(predicted.code ? { code: predicted.code } : {}) });
  guard(run);
  model.state = predicted.next;
  await readBack(model.state, real);
  return exchange.response.body;
}

async function readBack(state: StoreState, { run, petId }: Real): Promise<void> {
  const stock = await run.get(urlOf(run, 'readStock', { petId }));
  const pet = await run.get(urlOf(run, 'readPet', { petId }));
  guard(run);
  const item = stock?.response.body as { quantity?: unknown; status?: unknown } | undefined;
  const petStatus = (pet?.response.body as { status?: unknown } | undefined)?.status;
  if (item?.quantity !== state.stock) run.failures.push({ check: 'stock-model', message: `pet ${String(petId)}'s stock is not what section 7 makes it`, expected: String(state.stock), actual: String(item?.quantity), location: '$.quantity' });
  if (pet?.response.status === 200 && petStatus !== state.status) run.failures.push({ check: 'pet-status', message: `pet ${String(petId)}'s status is not what section 7 makes it`, expected: state.status, actual: String(petStatus), location: '$.status' });
  if (item?.status !== petStatus) run.failures.push({ check: 'inventory-status', message: `the inventory entry's status differs from its pet's`, expected: String(petStatus), actual: String(item?.status), location: '$.status' });
}

class SetStock implements Step {
  constructor(readonly quantity: number) {}
  check = () => true;
  run = async (m: { state: StoreState }, r: Real) => void (await step(m, r, call('setStock', { petId: r.petId }, { quantity: this.quantity }), setStock(m.state, this.quantity)));
  toString = () => `setStock ${this.quantity}`;
}

class SetStatus implements Step {
  constructor(readonly status: PetStatus) {}
  check = () => true;
  run = async (m: { state: StoreState }, r: Real) => void (await step(m, r, call('setPetStatus', { petId: r.petId }, { status: this.status }), setStatus(m.state, this.status)));
  toString = () => `setStatus ${this.status}`;
}

class Place implements Step {
  /** `quantity` undefined: the whole stock left, so the pet turns pending (section 7's path to sold). */
  constructor(readonly quantity: number | undefined) {}
  check = (m: Readonly<{ state: StoreState }>) => this.quantity !== undefined || (m.state.stock >= 1 && m.state.stock <= 1000);
  async run(m: { state: StoreState }, r: Real): Promise<void> {
    const quantity = this.quantity ?? m.state.stock;
    const predicted = placeOrder(m.state, quantity);
    const body = (await step(m, r, call('placeOrder', {}, { petId: r.petId, quantity }), predicted)) as { id?: unknown } | undefined;
    if (predicted.status === 201) m.state.orders.set(String(body?.id), { quantity, complete: false });
  }
  toString = () => `place ${this.quantity ?? 'all the stock'}`;
}

/** The open orders, else every order (a completed one again: a no-op to complete, 409 to cancel). */
function openFirst(state: StoreState): string[] {
  const open = [...state.orders].filter(([, o]) => !o.complete).map(([id]) => id);
  return open.length > 0 ? open : [...state.orders.keys()];
}

/** Completes an open order (a completed one again, a no-op, when none is open). */
class Complete implements Step {
  constructor(readonly index: number) {}
  check = (m: Readonly<{ state: StoreState }>) => m.state.orders.size > 0;
  async run(m: { state: StoreState }, r: Real): Promise<void> {
    const ids = openFirst(m.state);
    const id = ids[this.index % ids.length]!;
    await step(m, r, call('completeOrder', { orderId: id }, { complete: true }), completeOrder(m.state, id));
  }
  toString = () => `complete #${this.index}`;
}

/** Sells the pet out: an order for the whole stock (the pet turns pending), then every open order completed (it turns sold). */
class SellOut implements Step {
  check = (m: Readonly<{ state: StoreState }>) => m.state.status === 'available' && m.state.stock >= 1 && m.state.stock <= 1000;
  async run(m: { state: StoreState }, r: Real): Promise<void> {
    await new Place(undefined).run(m, r);
    for (const [id, order] of [...m.state.orders]) if (!order.complete) await step(m, r, call('completeOrder', { orderId: id }, { complete: true }), completeOrder(m.state, id));
  }
  toString = () => 'sell out';
}

class Cancel implements Step {
  constructor(readonly index: number) {}
  check = (m: Readonly<{ state: StoreState }>) => m.state.orders.size > 0;
  async run(m: { state: StoreState }, r: Real): Promise<void> {
    const ids = openFirst(m.state);
    const id = ids[this.index % ids.length]!;
    const predicted = deleteOrder(m.state, id);
    await step(m, r, call('cancelOrder', { orderId: id }), predicted);
    if (predicted.status === 204) {
      const i = r.run.created.findIndex((c) => String(c.id) === id);
      if (i >= 0) r.run.created.splice(i, 1);
    }
  }
  toString = () => `cancel #${this.index}`;
}

/**
 * Section 7 on the Petstore document: sequences of stock changes, direct pet status changes, orders
 * placed, completed and cancelled for one pet, each answer and the stock and statuses after it
 * predicted by store-rules.ts. Each sequence starts by setting the stock, then reads where the server stands.
 */
export async function runStoreRulesCase(run: CaseRun, setUp: () => Promise<void>): Promise<void> {
  await setUp();
  guard(run);
  const petId = run.ids.get('pet');
  const steps: fc.Arbitrary<Step>[] = [
    fc.integer({ min: 0, max: 5 }).map((q) => new SetStock(q)),
    fc.integer({ min: 1, max: 4 }).map((q) => new Place(q)),
    fc.constant(new Place(undefined)),
    fc.constant(new SellOut()),
    fc.nat().map((i) => new Complete(i)),
    fc.nat().map((i) => new Cancel(i)),
  ];
  if (storeOperationFits(run.ctx.plan.index, 'setPetStatus')) steps.push(fc.constantFrom<PetStatus>('available', 'pending', 'sold').map((s) => new SetStatus(s)));
  // 3 to 10 steps (fc.commands' were mostly one or two long); ordering the whole stock, and selling
  // out (the whole stock ordered, every open order completed), lead to section 7's pending and sold.
  await runGenerated(run, fc.array(fc.oneof(...steps), { minLength: 3, maxLength: 10 }), async (commands) => {
    const real: Real = { run, petId };
    const { exchange } = await run.send(call('setStock', { petId }, { quantity: 5 }), { statuses: ['200'] });
    guard(run);
    const item = exchange.response.body as { quantity: number; status: StoreState['status'] };
    const model = { state: { stock: item.quantity, status: item.status, orders: new Map() } as StoreState };
    await fc.asyncModelRun(() => ({ model, real }), commands);
  }, run.ctx.options.maxExamples);
}
