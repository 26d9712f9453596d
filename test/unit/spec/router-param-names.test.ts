import { describe, expect, it } from 'vitest';
import type { Document } from '../../../src/spec/openapi.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';
import { Router } from '../../../src/spec/router.js';

const op = (path: string, id: string) => ({
  get: { operationId: id, parameters: [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })), responses: { '200': { description: 'ok' } } },
});

describe('path parameters named differently at the same place (Resend: /contacts/{id}, /contacts/{contact_id}/segments)', () => {
  const document = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: { '/contacts/{id}': op('/contacts/{id}', 'getContact'), '/contacts/{contact_id}/segments': op('/contacts/{contact_id}/segments', 'listSegments') } };
  const router = new Router(buildOperationIndex(document as unknown as Document).operations);

  it('gives each operation its own parameter names', () => {
    expect(router.match('GET', '/contacts/7')).toMatchObject({ params: { id: '7' } });
    expect(router.match('GET', '/contacts/7/segments')).toEqual({ kind: 'operation', operation: expect.objectContaining({ operationId: 'listSegments' }), params: { contact_id: '7' } });
  });
});
