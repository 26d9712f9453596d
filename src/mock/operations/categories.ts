import type { NewCategory } from '../../store/records.js';
import type { OperationHandler } from '../operation-context.js';
import { created, listed, noContent, ok, pageOf } from './results.js';

export const categoryHandlers: Record<string, OperationHandler> = {
  async listCategories(ctx) {
    const page = pageOf(ctx.valid.query);
    return listed(await ctx.session.store.listCategories(page), page);
  },
  async createCategory(ctx) {
    return created(await ctx.session.store.createCategory(ctx.valid.body as NewCategory), '/categories');
  },
  async getCategoryById(ctx) {
    return ok(await ctx.session.store.getCategory(ctx.valid.path.categoryId as number));
  },
  async replaceCategory(ctx) {
    return ok(await ctx.session.store.replaceCategory(ctx.valid.path.categoryId as number, ctx.valid.body as NewCategory));
  },
  async deleteCategory(ctx) {
    await ctx.session.store.deleteCategory(ctx.valid.path.categoryId as number);
    return noContent;
  },
};
