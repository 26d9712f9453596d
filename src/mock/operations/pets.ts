import { ApiError } from '../../core/errors.js';
import type { NewPet, PetStatus, PetUpdate } from '../../store/records.js';
import type { OperationContext, OperationHandler, OperationResult } from '../operation-context.js';
import { created, listed, noContent, ok, pageOf } from './results.js';

const id = (ctx: OperationContext, name: string) => ctx.valid.path[name] as number;

export const petHandlers: Record<string, OperationHandler> = {
  async listPets(ctx) {
    const q = ctx.valid.query;
    const page = pageOf(q);
    const result = await ctx.session.store.listPets(
      {
        status: q.status as PetStatus[] | undefined,
        categoryId: q.categoryId as number | undefined,
        name: q.name as string | undefined,
        id: q.id as number[] | undefined,
      },
      page,
    );
    return listed(result, page);
  },
  async createPet(ctx) {
    return created(await ctx.session.store.createPet(ctx.valid.body as NewPet), '/pets');
  },
  async getPetById(ctx): Promise<OperationResult> {
    const sunset = ctx.operation.sunset;
    if (sunset && ctx.now > Date.parse(sunset)) {
      throw new ApiError('endpoint_sunset', `${ctx.operation.method.toUpperCase()} ${ctx.operation.path} was withdrawn at ${sunset}; use GET /pets?id=${id(ctx, 'petId')}`);
    }
    return ok(await ctx.session.store.getPet(id(ctx, 'petId')));
  },
  async replacePet(ctx) {
    return ok(await ctx.session.store.replacePet(id(ctx, 'petId'), ctx.valid.body as NewPet));
  },
  async updatePet(ctx) {
    return ok(await ctx.session.store.updatePet(id(ctx, 'petId'), ctx.valid.body as PetUpdate));
  },
  async deletePet(ctx) {
    await ctx.session.store.deletePet(id(ctx, 'petId'));
    return noContent;
  },
};
