import type { NewOrder, PetStatus } from '../store/records.js';
import { ORDER_COMPLETED } from '../events.js';
import { created, listed, noContent, ok, pageOf, type Handler } from './results.js';

export const storeHandlers: Record<string, Handler> = {
  async listOrders(ctx, store) {
    const q = ctx.valid.query;
    const page = pageOf(q);
    const filter = { petId: q.petId as number | undefined, complete: q.complete as boolean | undefined };
    return listed(await store.listOrders(filter, page), page);
  },
  async placeOrder(ctx, store) {
    return created(await store.placeOrder(ctx.valid.body as NewOrder, ctx.now), '/store/orders');
  },
  async getOrderById(ctx, store) {
    return ok(await store.getOrder(ctx.valid.path.orderId as number));
  },
  async updateOrder(ctx, store) {
    const { order, completed } = await store.updateOrder(ctx.valid.path.orderId as number, ctx.valid.body as { complete: boolean });
    // Fired once, by the call that fulfilled it: completing again is a no-op and fires nothing.
    return completed ? { ...ok(order), events: [{ name: ORDER_COMPLETED, body: order }] } : ok(order);
  },
  async deleteOrder(ctx, store) {
    await store.deleteOrder(ctx.valid.path.orderId as number);
    return noContent;
  },
  async listInventory(ctx, store) {
    const page = pageOf(ctx.valid.query);
    return listed(await store.listInventory({ status: ctx.valid.query.status as PetStatus[] | undefined }, page), page);
  },
  async getInventoryItem(ctx, store) {
    return ok(await store.getInventory(ctx.valid.path.petId as number));
  },
  async setInventory(ctx, store) {
    return ok(await store.setInventory(ctx.valid.path.petId as number, (ctx.valid.body as { quantity: number }).quantity));
  },
};
