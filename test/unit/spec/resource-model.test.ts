import { describe, expect, it } from 'vitest';
import { inferResources, listSchema } from '../../../src/spec/resource-model.js';
import { cursorAt, pagingOf, windowOf } from '../../../src/engine/crud/paging.js';
import { answerOf, mergePatch, recordFromInput } from '../../../src/engine/crud/record-shape.js';
import { createFaker } from '../../../src/generation/create-faker.js';
import type { Document } from '../../../src/spec/openapi.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';

const json = (schema: object) => ({ 'application/json': { schema } });
const ok = (schema: object) => ({ '200': { description: 'ok', content: json(schema) } });
const param = (name: string, schema: object) => ({ name, in: 'path', required: true, schema });
const owner = { type: 'object', properties: { id: { type: 'string', format: 'uuid' }, name: { type: 'string' } } };
const thing = { type: 'object', properties: { thingId: { type: 'integer' }, label: { type: 'string' } } };

function index(paths: object) {
  return buildOperationIndex({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths } as unknown as Document).operations;
}

describe('inferResources', () => {
  const operations = index({
    '/owners': { get: { operationId: 'listOwners', responses: ok({ type: 'object', properties: { items: { type: 'array', items: owner }, total: { type: 'integer' } } }) } },
    '/owners/{ownerId}': { get: { operationId: 'getOwner', parameters: [param('ownerId', { type: 'string' })], responses: ok(owner) } },
    '/owners/{ownerId}/things': {
      post: { operationId: 'addThing', parameters: [param('ownerId', { type: 'string' })], requestBody: { content: json(thing) }, responses: { '201': { description: 'ok', content: json(thing) } } },
    },
    '/owners/{ownerId}/things/{thingId}': { delete: { operationId: 'dropThing', parameters: [param('ownerId', { type: 'string' }), param('thingId', { type: 'integer' })], responses: { '204': { description: 'gone' } } } },
    '/reports/{reportId}': { get: { operationId: 'getReport', parameters: [param('reportId', { type: 'string' })], responses: ok(owner) } },
    '/stats': { get: { operationId: 'stats', responses: ok({ type: 'object', properties: { count: { type: 'integer' } } }) } },
  });
  const found = inferResources(operations);
  const action = (id: string) => {
    const a = found.actionOf(operations.find((o) => o.operationId === id)!);
    return a && `${a.action} ${a.resource.name}`;
  };

  it('pairs a collection path with an item path adding one parameter, nested ones under their parent', () => {
    expect(found.resources.map((r) => [r.name, r.collectionPath, r.itemParam, r.idField, r.idKind, r.parent?.name])).toEqual([
      ['owners', '/owners', 'ownerId', 'id', 'uuid', undefined],
      ['things', '/owners/{ownerId}/things', 'thingId', 'thingId', 'integer', 'owners'],
    ]);
    expect([action('listOwners'), action('getOwner'), action('addThing'), action('dropThing')]).toEqual(['list owners', 'read owners', 'create things', 'delete things']);
  });

  it('leaves an item operation that documents no success answer to the examples', () => {
    const errorsOnly = index({
      '/things': { get: { operationId: 'list', responses: ok({ type: 'array', items: thing }) } },
      '/things/{thingId}': { delete: { operationId: 'drop', parameters: [param('thingId', { type: 'integer' })], responses: { '404': { description: 'no such thing' } } } },
    });
    const inferred = inferResources(errorsOnly);
    expect(inferred.actionOf(errorsOnly[0]!)?.action).toBe('list');
    expect(inferred.actionOf(errorsOnly[1]!)).toBeUndefined();
  });

  it('reads an envelope whose array property two allOf parts both name (a generic wrapper and the list, as Train Travel writes it)', () => {
    const wrapper = { type: 'object', properties: { data: { type: 'array', items: { type: 'object' } }, links: { type: 'object', readOnly: true } } };
    const listed = index({
      '/things': { get: { operationId: 'list', responses: ok({ allOf: [wrapper, { properties: { data: { type: 'array', items: thing } } }] }) } },
      '/things/{thingId}': { get: { operationId: 'read', parameters: [param('thingId', { type: 'integer' })], responses: ok(thing) } },
    });
    const inferred = inferResources(listed);
    expect(inferred.actionOf(listed[0]!)?.action).toBe('list');
    expect(listSchema(listed[0]!)?.property).toBe('data');
    expect(Object.keys(listSchema(listed[0]!)!.items.properties ?? {})).toEqual(['thingId', 'label']);
  });

  it('infers nothing for an item path without a collection, or a path that is neither', () => {
    expect(action('getReport')).toBeUndefined();
    expect(action('stats')).toBeUndefined();
  });
});

describe('paging', () => {
  const listing = (names: string[]) => index({ '/x': { get: { operationId: 'l', parameters: names.map((n) => ({ name: n, in: 'query', schema: { type: n === 'cursor' ? 'string' : 'integer', ...(n === 'per_page' ? { default: 5 } : {}) } })), responses: ok({ type: 'array', items: thing }) } } })[0]!;

  it('reads limit/offset, page/per_page and cursor styles, and pages nothing without them', () => {
    expect(windowOf(pagingOf(listing(['limit', 'offset'])), { limit: 10, offset: 30 })).toMatchObject({ offset: 30, limit: 10 });
    expect(windowOf(pagingOf(listing(['page', 'per_page'])), { page: 3 })).toMatchObject({ offset: 10, limit: 5, page: 3 });
    expect(windowOf(pagingOf(listing(['cursor', 'limit'])), { cursor: cursorAt(40), limit: 20 })).toMatchObject({ offset: 40, limit: 20 });
    expect(windowOf(pagingOf(listing([])), {})).toEqual({ offset: 0, limit: Infinity, page: 1 });
  });
});

describe('record shapes', () => {
  const schema = {
    type: 'object' as const,
    required: ['id', 'name', 'serial'],
    properties: {
      id: { type: 'integer' as const, readOnly: true },
      name: { type: 'string' as const },
      serial: { type: 'string' as const, pattern: '^S-[0-9]{4}$' },
      secret: { type: 'string' as const, writeOnly: true },
      created: { type: 'string' as const, format: 'date-time', readOnly: true },
    },
  };
  const faker = createFaker(1);

  it("drops the client's readOnly values, sets the server's, generates missing required ones", () => {
    const record = recordFromInput(schema, { id: 99, name: 'a', secret: 's', created: 'x' }, undefined, { id: 7 }, faker);
    expect(record.id).toBe(7);
    expect(record.name).toBe('a');
    expect(record.serial).toMatch(/^S-[0-9]{4}$/);
    expect(record.created).not.toBe('x');
    expect(record.secret).toBe('s');
    expect(answerOf(schema, Object.freeze(record), faker)).not.toHaveProperty('secret');
  });

  it('keeps the readOnly values of the stored record on replace', () => {
    const base = Object.freeze({ id: 7, name: 'a', serial: 'S-0001', created: '2026-01-01T00:00:00Z' });
    expect(recordFromInput(schema, { name: 'b', serial: 'S-0002', created: 'nope' }, base, { id: 7 }, faker)).toEqual({ id: 7, name: 'b', serial: 'S-0002', created: '2026-01-01T00:00:00Z' });
  });

  it('shapes a record wrapped in an object all the way down (`{article: {...}}`, as the RealWorld API answers)', () => {
    const article = { type: 'object', required: ['slug', 'title', 'createdAt'], properties: { slug: { type: 'string' }, title: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' }, token: { type: 'string', writeOnly: true } } };
    const wrapper = { type: 'object', required: ['article'], properties: { article } } as never;
    const answer = answerOf(wrapper, Object.freeze({ article: { title: 'Hi', token: 't', extra: 1 } }), faker) as { article: Record<string, unknown> };
    expect(answer.article.title).toBe('Hi');
    expect(typeof answer.article.slug).toBe('string');
    expect(answer.article.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(answer.article).not.toHaveProperty('token');
    expect(answer.article).not.toHaveProperty('extra');
  });

  it('merges patches as RFC 7396 says', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, e: [1] }, { a: null, b: { c: null, f: 4 }, e: [2] })).toEqual({ b: { d: 3, f: 4 }, e: [2] });
  });
});
