/**
 * The deleted-reads-404 case is planned to run only where the shared resource model knows the
 * DELETE as the removal of the record the GET reads. GitHub's `DELETE /gists/{gist_id}/star`
 * unstars a gist (github.com/ghes-3.1 and ghes-2.20 of the unseen sweep, stop 31: use_after_free
 * "answered 204, yet the record still reads back"): the model has no star record, the mock serves
 * the star's GET from its documented 204, and no schema says it turns 404.
 */
import { expect, it } from 'vitest';
import { buildPlan } from '../../../src/contract/plan.js';
import { fromObject } from '../../../src/spec/load-document.js';

const gist = { type: 'object', properties: { id: { type: 'string' }, description: { type: 'string' } } };
const json = (schema: object) => ({ 'application/json': { schema } });
const idParam = [{ name: 'gist_id', in: 'path', required: true, schema: { type: 'string' } }];
const DOC = {
  openapi: '3.0.3',
  info: { title: 'Gists', version: '1' },
  paths: {
    '/gists': {
      post: { operationId: 'createGist', requestBody: { required: true, content: json(gist) }, responses: { '201': { description: 'made', content: json(gist) } } },
    },
    '/gists/{gist_id}': {
      parameters: idParam,
      get: { operationId: 'getGist', responses: { '200': { description: 'one', content: json(gist) }, '404': { description: 'none' } } },
      delete: { operationId: 'deleteGist', responses: { '204': { description: 'gone' }, '404': { description: 'none' } } },
    },
    '/gists/{gist_id}/star': {
      parameters: idParam,
      get: { operationId: 'checkIsStarred', responses: { '204': { description: 'starred' }, '404': { description: 'not starred' } } },
      put: { operationId: 'star', responses: { '204': { description: 'starred' } } },
      delete: { operationId: 'unstar', responses: { '204': { description: 'unstarred' } } },
    },
  },
};

it('runs deleted-reads-404 for the DELETE of a record, and skips it, saying why, for a DELETE the model does not know as one', async () => {
  const loaded = await fromObject('gists.json', DOC);
  const plan = buildPlan(loaded, { tags: [], operations: [], skipStability: [], includeRateLimit: false });
  const deleteGist = plan.cases.find((c) => c.id === 'deleteGist/state/deleted-reads-404');
  const unstar = plan.cases.find((c) => c.id === 'unstar/state/deleted-reads-404');
  expect(deleteGist).toBeDefined();
  expect(deleteGist!.skipReason).toBeUndefined();
  expect(unstar?.skipReason).toBe('the resource model does not know DELETE /gists/{gist_id}/star as the removal of a record checkIsStarred reads (a sub-resource or an action): whether it then answers 404 is not in the document\'s schema');
});
