import { describe, expect, it } from 'vitest';
import { linksGiving, linkTarget } from '../../../src/contract/links.js';
import { evaluateExpression, linkValue, parseRuntimeExpression, resolvePointer, type ExpressionContext } from '../../../src/contract/runtime-expression.js';
import { buildOperationIndex } from '../../../src/spec/operation-index.js';
import type { Document } from '../../../src/spec/openapi.js';

const context: ExpressionContext = {
  url: 'http://api.test/owners/7/things?kind=box',
  pathParams: { ownerId: '7' },
  exchange: {
    request: { method: 'POST', url: 'http://api.test/owners/7/things?kind=box', headers: { 'X-Request-Id': 'r-1' }, body: { name: 'box' } },
    response: {
      status: 201,
      headers: { location: '/owners/7/things/42', 'x-thing-id': '42' },
      body: { id: 42, 'a/b': { '~c': 'escaped' }, tags: ['first', 'second'], nothing: null },
      text: '',
    },
    durationMs: 1,
  },
};
const evaluate = (text: string) => evaluateExpression(parseRuntimeExpression(text)!, context);

describe('runtime expressions (OpenAPI 3.0.3 section 4.7.20.4)', () => {
  it.each([
    ['$url', 'http://api.test/owners/7/things?kind=box'],
    ['$method', 'POST'],
    ['$statusCode', 201],
    ['$request.path.ownerId', '7'],
    ['$request.query.kind', 'box'],
    ['$request.header.x-request-id', 'r-1'],
    ['$request.body#/name', 'box'],
    ['$response.header.Location', '/owners/7/things/42'],
    ['$response.body#/id', 42],
    ['$response.body#/tags/1', 'second'],
    ['$response.body#/a~1b/~0c', 'escaped'],
    ['$response.body#/nothing', null],
  ])('%s -> %j', (text, value) => {
    expect(evaluate(text)).toEqual(value);
  });

  it('gives undefined for what the exchange does not have', () => {
    expect([evaluate('$response.body#/missing'), evaluate('$response.body#/tags/9'), evaluate('$response.body#/tags/01'), evaluate('$request.path.other'), evaluate('$response.header.X-None')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it.each(['$response.path.id', '$response.query.x', '$request.body.name', '$response.body#id', '$response.header.bad header', '$foo', 'id', '$request.path'])('refuses %s', (text) => {
    expect(parseRuntimeExpression(text)).toBeUndefined();
  });

  it('reads a link parameter: an expression, one embedded in a string, or a constant', () => {
    expect(linkValue('$response.body#/id', context)).toEqual({ value: 42 });
    expect(linkValue('thing-{$response.body#/id}-of-{$request.path.ownerId}', context)).toEqual({ value: 'thing-42-of-7' });
    expect(linkValue(7, context)).toEqual({ value: 7 });
    expect(linkValue('$response.body#/key', context)).toEqual({ missing: '$response.body#/key names nothing in the answer' });
    expect(linkValue('$response.cookie.x', context)).toEqual({ missing: '$response.cookie.x is not a runtime expression the runner supports' });
  });

  it('walks JSON pointers as RFC 6901 says', () => {
    expect(resolvePointer({ a: [{ b: 1 }] }, '/a/0/b')).toBe(1);
    expect(resolvePointer({ a: 1 }, '')).toEqual({ a: 1 });
    expect(resolvePointer({ a: 1 }, '/constructor')).toBeUndefined();
  });
});

const document = {
  openapi: '3.0.3',
  info: { title: 't', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'makeThing',
        responses: {
          '201': {
            description: 'made',
            links: {
              ById: { operationId: 'getThing', parameters: { thingId: '$response.body#/id' } },
              ByRef: { operationRef: '#/paths/~1things~1{thingId}/delete', parameters: { 'path.thingId': '$response.header.X-Thing-Id' } },
              Unsupported: { operationId: 'getThing', parameters: { thingId: '$response.cookie.id' } },
              Elsewhere: { operationRef: 'https://other.example/openapi.yaml#/paths/~1things~1{thingId}/get', parameters: { thingId: '$response.body#/id' } },
            },
          },
          '400': { description: 'bad', links: { Never: { operationId: 'getThing', parameters: { thingId: '$response.body#/id' } } } },
        },
      },
    },
    '/things/{thingId}': {
      parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: 'getThing', responses: { '200': { description: 'ok' } } },
      delete: { operationId: 'dropThing', responses: { '204': { description: 'gone' } } },
    },
  },
} as unknown as Document;

describe('links: what another operation\'s answer gives a parameter', () => {
  const index = buildOperationIndex(document);
  it('finds links by operationId and by a local operationRef, from success answers only, with expressions the runner reads', () => {
    expect(linksGiving(index, index.byId('getThing')!, 'thingId').map((l) => [l.name, l.value])).toEqual([['makeThing 201 ById', '$response.body#/id']]);
    expect(linksGiving(index, index.byId('dropThing')!, 'thingId').map((l) => [l.name, l.value])).toEqual([['makeThing 201 ByRef', '$response.header.X-Thing-Id']]);
    expect(linkTarget(index, { operationRef: 'https://other.example/openapi.yaml#/paths/~1things~1{thingId}/get' })).toBeUndefined();
  });
});
