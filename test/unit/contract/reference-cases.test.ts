import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../../src/contract/plan.js';
import { fromObject } from '../../../src/spec/load-document.js';

const defaults: PlanOptions = { tags: [], operations: [], skipStability: [], includeRateLimit: false };
const json = (schema: object) => ({ 'application/json': { schema } });
const id = (type: string) => ({ name: 'ownerId', in: 'path', required: true, schema: { type } });

/** Owners (integer ids) and visits whose body names an owner; `visitErrors` are the visit create's error statuses. */
function clinic(visitErrors: string[], ownerIdType = 'integer') {
  const owner = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
  const visit = { type: 'object', required: ['ownerId'], properties: { ownerId: { type: ownerIdType }, note: { type: 'string' } } };
  return {
    openapi: '3.0.3',
    info: { title: 'Clinic', version: '1' },
    paths: {
      '/owners': { post: { operationId: 'addOwner', requestBody: { content: json(owner) }, responses: { '201': { description: 'ok', content: json(owner) } } } },
      '/owners/{ownerId}': { get: { operationId: 'getOwner', parameters: [id('integer')], responses: { '200': { description: 'ok', content: json(owner) } } } },
      '/visits': {
        post: {
          operationId: 'addVisit',
          requestBody: { content: json({ allOf: [visit] }) },
          responses: { '201': { description: 'ok', content: json(visit) }, ...Object.fromEntries(visitErrors.map((s) => [s, { description: s }])) },
        },
      },
    },
  };
}

const referenceCase = async (errors: string[], type?: string) => {
  const { cases } = buildPlan(await fromObject('clinic.yaml', clinic(errors, type)), defaults);
  return { reference: cases.find((c) => c.id.startsWith('addVisit/negative/unknown-reference')), positive: cases.find((c) => c.id === 'addVisit/positive/example:generated')! };
};

describe('the unknown-reference case expects what the mock answers (src/spec/record-references.ts)', () => {
  it('expects 422 where documented, else 404, else 400; none where none is documented', async () => {
    expect((await referenceCase(['400', '422'])).reference?.expect).toEqual(['422']);
    expect((await referenceCase(['400', '404'])).reference?.expect).toEqual(['404']);
    expect((await referenceCase(['400'])).reference?.expect).toEqual(['400']);
    expect((await referenceCase(['default'])).reference).toBeUndefined();
  });

  it('fills the reference of the positive case from a created owner, reading the allOf-merged body schema', async () => {
    const { positive, reference } = await referenceCase(['422']);
    expect(reference?.id).toBe('addVisit/negative/unknown-reference:ownerId');
    expect(positive.request.body?.refs).toEqual({ ownerId: 'owner' });
  });

  it('takes no field whose type cannot hold the ids for a reference', async () => {
    const { positive, reference } = await referenceCase(['422'], 'string');
    expect(reference).toBeUndefined();
    expect(positive.request.body?.refs).toEqual({});
  });
});
