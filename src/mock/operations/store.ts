import type { NewOrder, PetStatus } from '../../store/records.js';
import type { OperationHandler } from '../operation-context.js';
import { created, listed, noContent, ok, pageOf } from './results.js';

export const storeHandlers: Record<string, OperationHandler> = {
  async listOrders(ctx) {
    const q = ctx.valid.query;
    const page = pageOf(q);
    const filter = { petId: q.petId as number | undefined, complete: q.complete as boolean | undefined };
    return listed(await ctx.session.store.listOrders(filter, page), page);
  },
  async placeOrder(ctx) {
    return created(await ctx.session.store.placeOrder(ctx.valid.body as NewOrder, ctx.now), '/store/orders');
  },
  async getOrderById(ctx) {
    return ok(await ctx.session.store.getOrder(ctx.valid.path.orderId as number));
  },
  async updateOrder(ctx) {
    return ok(await ctx.session.store.updateOrder(ctx.valid.path.orderId as number, ctx.valid.body as { complete: boolean }));
  },
  async deleteOrder(ctx) {
    await ctx.session.store.deleteOrder(ctx.valid.path.orderId as number);
    return noContent;
  },
  async listInventory(ctx) {
    const page = pageOf(ctx.valid.query);
    return listed(await ctx.session.store.listInventory({ status: ctx.valid.query.status as PetStatus[] | undefined }, page), page);
  },
  async getInventoryItem(ctx) {
    return ok(await ctx.session.store.getInventory(ctx.valid.path.petId as number));
  },
  async setInventory(ctx) {
    return ok(await ctx.session.store.setInventory(ctx.valid.path.petId as number, (ctx.valid.body as { quantity: number }).quantity));
  },
};
