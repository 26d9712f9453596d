import type { NewCategory } from '../store/records.js';
import { created, listed, noContent, ok, pageOf, type Handler } from './results.js';

export const categoryHandlers: Record<string, Handler> = {
  async listCategories(ctx, store) {
    const page = pageOf(ctx.valid.query);
    return listed(await store.listCategories(page), page);
  },
  async createCategory(ctx, store) {
    return created(await store.createCategory(ctx.valid.body as NewCategory), '/categories');
  },
  async getCategoryById(ctx, store) {
    return ok(await store.getCategory(ctx.valid.path.categoryId as number));
  },
  async replaceCategory(ctx, store) {
    return ok(await store.replaceCategory(ctx.valid.path.categoryId as number, ctx.valid.body as NewCategory));
  },
  async deleteCategory(ctx, store) {
    await store.deleteCategory(ctx.valid.path.categoryId as number);
    return noContent;
  },
};
