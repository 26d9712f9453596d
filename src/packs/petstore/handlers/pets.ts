import { ApiError } from '../../../core/errors.js';
import type { BehaviourContext, OperationResult } from '../../../engine/behaviour.js';
import type { NewPet, PetStatus, PetUpdate } from '../store/records.js';
import { created, listed, noContent, ok, pageOf, type Handler } from './results.js';

const id = (ctx: BehaviourContext, name: string) => ctx.valid.path[name] as number;

export const petHandlers: Record<string, Handler> = {
  async listPets(ctx, store) {
    const q = ctx.valid.query;
    const page = pageOf(q);
    const result = await store.listPets(
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
  async createPet(ctx, store) {
    return created(await store.createPet(ctx.valid.body as NewPet), '/pets');
  },
  async getPetById(ctx, store): Promise<OperationResult> {
    const sunset = ctx.operation.sunset;
    if (sunset && ctx.now > Date.parse(sunset)) {
      throw new ApiError('endpoint_sunset', `${ctx.operation.method.toUpperCase()} ${ctx.operation.path} was withdrawn at ${sunset}; use GET /pets?id=${id(ctx, 'petId')}`);
    }
    return ok(await store.getPet(id(ctx, 'petId')));
  },
  async replacePet(ctx, store) {
    return ok(await store.replacePet(id(ctx, 'petId'), ctx.valid.body as NewPet));
  },
  async updatePet(ctx, store) {
    return ok(await store.updatePet(id(ctx, 'petId'), ctx.valid.body as PetUpdate));
  },
  async deletePet(ctx, store) {
    await store.deletePet(id(ctx, 'petId'));
    return noContent;
  },
};
