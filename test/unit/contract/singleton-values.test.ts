import { describe, expect, it } from 'vitest';
import { buildPlan, type PlanOptions } from '../../../src/contract/plan.js';
import { fromObject } from '../../../src/spec/load-document.js';

const defaults: PlanOptions = { tags: [], operations: [], skipStability: [], includeRateLimit: false };
const json = (schema: object) => ({ 'application/json': { schema } });
const user = { type: 'object', properties: { username: { type: 'string' }, bio: { type: 'string' } } };
const profile = (extra: Record<string, object> = {}) => ({
  openapi: '3.0.3',
  info: { title: 'Profiles', version: '1' },
  paths: {
    '/user': { get: { operationId: 'currentUser', responses: { '200': { description: 'me', content: json({ type: 'object', properties: { user } }) } } } },
    '/profiles/{username}': {
      get: {
        operationId: 'getProfile',
        parameters: [{ name: 'username', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok', content: json({ type: 'object', properties: { username: { type: 'string' } } }) } },
      },
    },
    ...extra,
  },
});

describe('a path value read from the one record a parameterless GET answers', () => {
  it('takes /profiles/{username} from the username of GET /user, inside its wrapper', async () => {
    const { cases } = buildPlan(await fromObject('profiles.yaml', profile()), defaults);
    const read = cases.find((c) => c.id === 'getProfile/positive/plain')!;
    expect(read.skipReason).toBeUndefined();
    expect(read.request.pathParams).toEqual({ username: { fixture: 'currentUser', expression: '$response.body#/user/username' } });
  });

  it('takes nothing when two such GETs could give it (a guess), and skips the case with the reason', async () => {
    const other = { '/admin': { get: { operationId: 'admin', responses: { '200': { description: 'ok', content: json(user) } } } } };
    const { cases } = buildPlan(await fromObject('profiles.yaml', profile(other)), defaults);
    expect(cases.find((c) => c.id === 'getProfile/positive/plain')!.skipReason).toContain('no link, resource or example gives the username');
  });

  it('takes nothing from a list', async () => {
    const doc = profile();
    (doc.paths as Record<string, unknown>)['/user'] = { get: { operationId: 'users', responses: { '200': { description: 'all', content: json({ type: 'array', items: user }) } } } };
    const { cases } = buildPlan(await fromObject('profiles.yaml', doc), defaults);
    expect(cases.find((c) => c.id === 'getProfile/positive/plain')!.skipReason).toContain('gives the username');
  });
});
