import fc from 'fast-check';
import type { CaseRun } from '../case-run.js';
import type { RequestTemplate } from '../request-template.js';
import { guard, runGenerated } from './generated-run.js';
import { completeOrder, deleteOrder, placeOrder, setStock, type Prediction, type StoreState } from './store-rules.js';

interface Real {
  run: CaseRun;
  petId: unknown;
}
type Step = fc.AsyncCommand<{ state: StoreState }, Real>;

const call = (operationId: string, path: Record<string, unknown>, body?: unknown): RequestTemplate => ({
  operationId,
  pathParams: Object.fromEntries(Object.entries(path).map(([k, v]) => [k, { value: v }])),
  query: {},
  credentials: 'api-key',
  ...(body === undefined ? {} : { body: { value: body, refs: {} } }),
});

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
  const base = run.ctx.options.baseUrl;
  const stock = await run.get(`${base}/store/inventory/${encodeURIComponent(String(petId))}`);
  const pet = await run.get(`${base}/pets/${encodeURIComponent(String(petId))}`);
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
  run = async (m: { state: StoreState }, r: Real) => void (await step(m, r, call('setInventory', { petId: r.petId }, { quantity: this.quantity }), setStock(m.state, this.quantity)));
  toString = () => `setStock ${this.quantity}`;
}

class Place implements Step {
  constructor(readonly quantity: number) {}
  check = () => true;
  async run(m: { state: StoreState }, r: Real): Promise<void> {
    const predicted = placeOrder(m.state, this.quantity);
    const body = (await step(m, r, call('placeOrder', {}, { petId: r.petId, quantity: this.quantity }), predicted)) as { id?: unknown } | undefined;
    if (predicted.status === 201) m.state.orders.set(String(body?.id), { quantity: this.quantity, complete: false });
  }
  toString = () => `place ${this.quantity}`;
}

class Complete implements Step {
  constructor(readonly index: number) {}
  check = (m: Readonly<{ state: StoreState }>) => m.state.orders.size > 0;
  async run(m: { state: StoreState }, r: Real): Promise<void> {
    const id = [...m.state.orders.keys()][this.index % m.state.orders.size]!;
    await step(m, r, call('updateOrder', { orderId: id }, { complete: true }), completeOrder(m.state, id));
  }
  toString = () => `complete #${this.index}`;
}

class Cancel implements Step {
  constructor(readonly index: number) {}
  check = (m: Readonly<{ state: StoreState }>) => m.state.orders.size > 0;
  async run(m: { state: StoreState }, r: Real): Promise<void> {
    const id = [...m.state.orders.keys()][this.index % m.state.orders.size]!;
    const predicted = deleteOrder(m.state, id);
    await step(m, r, call('deleteOrder', { orderId: id }), predicted);
    if (predicted.status === 204) {
      const i = r.run.created.findIndex((c) => String(c.id) === id);
      if (i >= 0) r.run.created.splice(i, 1);
    }
  }
  toString = () => `cancel #${this.index}`;
}

/**
 * Section 7 on the Petstore document: sequences of stock changes, orders placed, completed and
 * cancelled for one pet, each answer and the stock and statuses after it predicted by store-rules.ts.
 * Each sequence starts by setting the stock, then reads where the server stands.
 */
export async function runStoreRulesCase(run: CaseRun, setUp: () => Promise<void>): Promise<void> {
  await setUp();
  guard(run);
  const petId = run.ids.get('pet');
  const steps = [
    fc.integer({ min: 0, max: 5 }).map((q) => new SetStock(q)),
    fc.integer({ min: 1, max: 4 }).map((q) => new Place(q)),
    fc.nat().map((i) => new Complete(i)),
    fc.nat().map((i) => new Cancel(i)),
  ];
  await runGenerated(run, fc.commands(steps, { maxCommands: 10 }), async (commands) => {
    const real: Real = { run, petId };
    const { exchange } = await run.send(call('setInventory', { petId }, { quantity: 5 }), { statuses: ['200'] });
    guard(run);
    const item = exchange.response.body as { quantity: number; status: StoreState['status'] };
    const model = { state: { stock: item.quantity, status: item.status, orders: new Map() } as StoreState };
    await fc.asyncModelRun(() => ({ model, real }), commands);
  }, run.ctx.options.maxExamples);
}
