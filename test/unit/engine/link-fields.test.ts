import { expect, it } from 'vitest';
import { createFaker } from '../../../src/generation/create-faker.js';
import { fakeFromSchema } from '../../../src/generation/fake-value.js';
import { withLinkedFieldsRequired } from '../../../src/engine/link-fields.js';
import type { Response, Schema } from '../../../src/spec/openapi.js';

// jumpseller.com of the directory: GET /store/info.json links `$response.body#/email` to
// getCustomersEmailByEmail; `email` is optional, so half the generated answers left it out and
// every linked case ended "names nothing in the answer".
const store: Schema = { type: 'object', properties: { code: { type: 'string' }, email: { type: 'string', format: 'email' }, owner: { type: 'object', properties: { ids: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } } } };
const response = {
  description: 'ok',
  links: {
    byEmail: { operationId: 'getCustomersEmailByEmail', parameters: { email: '$response.body#/email' } },
    owner: { operationId: 'getOwner', parameters: { id: 'owner-{$response.body#/owner/ids/0/id}' } },
  },
} as unknown as Response;

it('generated answers always hold the fields the response\'s links read, nested and in arrays', () => {
  const schema = withLinkedFieldsRequired(store, response);
  for (let seed = 0; seed < 30; seed += 1) {
    const value = fakeFromSchema(schema, createFaker(seed)) as { email?: string; owner?: { ids?: { id?: number }[] } };
    expect(typeof value.email, `seed ${seed}`).toBe('string');
    expect(typeof value.owner?.ids?.[0]?.id, `seed ${seed}`).toBe('number');
  }
  // Left alone without links, and not changed in place.
  expect(withLinkedFieldsRequired(store, { description: 'ok' } as Response)).toBe(store);
  expect(store).not.toHaveProperty('required');
});
