import { describe, expect, it } from 'vitest';
import type { BehaviourContext } from '../../../src/engine/behaviour.js';
import type { BehaviourPack } from '../../../src/engine/behaviour-pack.js';
import { formatBehaviourLines, selectBehaviours } from '../../../src/engine/select-behaviours.js';
import { crudInference } from '../../../src/engine/crud/infer-crud.js';
import { inferResources } from '../../../src/spec/resource-model.js';
import { createFaker } from '../../../src/generation/create-faker.js';
import type { Document } from '../../../src/spec/openapi.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';
import { createMemoryRecordStore, EMPTY_RECORDS } from '../../../src/store/memory-record-store.js';

const thing = { type: 'object', required: ['id', 'name'], properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } };
const json = (schema: object) => ({ 'application/json': { schema } });
const document = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/things': {
      get: { operationId: 'listThings', responses: { '200': { description: 'ok', content: json({ type: 'array', items: thing }) } } },
      post: { operationId: 'createThing', requestBody: { content: json(thing) }, responses: { '201': { description: 'ok', content: json(thing) } } },
    },
    '/things/{thingId}': {
      parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'getThing', responses: { '200': { description: 'ok', content: json(thing) } } },
    },
    '/health': { get: { operationId: 'health', responses: { '200': { description: 'ok', content: json({ type: 'object', properties: { up: { type: 'boolean' } }, example: { up: true } }) } } } },
    '/report': { get: { operationId: 'report', responses: { '200': { description: 'ok', content: { 'text/plain': { schema: { type: 'string', minLength: 3 } } } } } } },
  },
} as unknown as Document;
const { operations } = buildOperationIndex(document);

/** A pack that claims only `getThing`, with a counter as its state. */
const counterPack: BehaviourPack<{ hits: number }, number> = {
  name: 'counter',
  claims: (op) => op.operationId === 'getThing',
  seed: () => 41,
  createState: (start) => ({ hits: start }),
  snapshot: async (state) => state,
  handler: () => async (_ctx, state) => ({ status: 200, body: { hits: ++state.hits } }),
};

function context(operationId: string, packs: Map<string, unknown>): BehaviourContext {
  const operation = operations.find((o) => o.operationId === operationId)!;
  return { operation, valid: { path: { thingId: 1 }, query: {}, body: undefined }, state: { packs, records: createMemoryRecordStore(EMPTY_RECORDS) }, now: 0, path: '/x', headers: {}, answerHeaders: {}, faker: createFaker(1) };
}

describe('selectBehaviours', () => {
  it('asks the packs first, then the inference, then answers from examples or generated data', () => {
    const plan = selectBehaviours(operations, document, [counterPack], crudInference(inferResources(operations), operations, (op) => counterPack.claims(op, document)));
    expect(plan.lines.map((l) => [l.operationId, l.behaviour, l.resource])).toEqual([
      ['listThings', 'crud:list', 'things'],
      ['createThing', 'crud:create', 'things'],
      ['getThing', 'counter', undefined],
      ['health', 'example', undefined],
      ['report', 'generated', undefined],
    ]);
    expect(plan.packs).toEqual([counterPack]);
  });

  it('names an operation whose answer cannot be generated as unservable, with the reason, and answers it 500', async () => {
    const broken = buildOperationIndex({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/odd': { get: { operationId: 'odd', responses: { '200': { description: 'ok', content: json({ type: 'integer', minimum: 5, maximum: 1 }) } } } } },
    } as unknown as Document).operations;
    const plan = selectBehaviours(broken, document, []);
    expect(plan.lines[0]).toMatchObject({ behaviour: 'unservable', reason: expect.stringContaining('no integer lies between 5 and 1') });
    await expect(plan.behaviours.get('odd')!.handle(context('health', new Map()))).rejects.toMatchObject({ status: 500 });
  });

  it('leaves out the packs that claimed nothing', () => {
    const plan = selectBehaviours(operations, document, [{ ...counterPack, claims: () => false }]);
    expect(plan.packs).toEqual([]);
    expect(plan.lines.find((l) => l.operationId === 'getThing')!.behaviour).toBe('generated');
  });

  it("hands a pack's handler that pack's state of the session", async () => {
    const plan = selectBehaviours(operations, document, [counterPack]);
    const packs = new Map<string, unknown>([['counter', counterPack.createState(41)]]);
    const behaviour = plan.behaviours.get('getThing')!;
    expect((await behaviour.handle(context('getThing', packs))).body).toEqual({ hits: 42 });
    expect((await behaviour.handle(context('getThing', packs))).body).toEqual({ hits: 43 });
  });

  it('answers an example as it is, and generates in the documented media type', async () => {
    const plan = selectBehaviours(operations, document, []);
    expect(await plan.behaviours.get('health')!.handle(context('health', new Map()))).toEqual({ status: 200, body: { up: true }, headers: {} });
    const report = await plan.behaviours.get('report')!.handle(context('report', new Map()));
    expect(report.contentType).toBe('text/plain');
    expect(typeof report.body).toBe('string');
    expect((report.body as string).length).toBeGreaterThanOrEqual(3);
  });

  it('prints aligned lines: method and path, behaviour, resource', () => {
    const plan = selectBehaviours(operations, document, [], crudInference(inferResources(operations), operations, () => false));
    expect(formatBehaviourLines(plan.lines)).toEqual([
      'GET /things            crud:list    things',
      'POST /things           crud:create  things',
      'GET /things/{thingId}  crud:read    things',
      'GET /health            example',
      'GET /report            generated',
    ]);
  });
});

describe('generated answers for OpenAPI 3.1 and 3.0 schemas', () => {
  it('honours const, type arrays and nullable', async () => {
    const { fakeFromSchema } = await import('../../../src/generation/fake-value.js');
    const faker = createFaker(5);
    const schema = { type: 'object', required: ['kind', 'label', 'note'], properties: { kind: { const: 'fixed' }, label: { type: ['string', 'null'], minLength: 2 }, note: { type: 'string', nullable: true } } };
    for (let i = 0; i < 20; i += 1) {
      const value = fakeFromSchema(schema as never, faker) as { kind: string; label: string; note: string };
      expect(value.kind).toBe('fixed');
      expect(typeof value.label).toBe('string');
      expect(value.label.length).toBeGreaterThanOrEqual(2);
      expect(typeof value.note).toBe('string');
    }
  });
});
