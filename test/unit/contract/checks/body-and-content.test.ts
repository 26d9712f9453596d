import { beforeAll, describe, expect, it } from 'vitest';
import { responseSchemaConformance } from '../../../../src/contract/checks/response-schema-conformance.js';
import { contentTypeConformance } from '../../../../src/contract/checks/content-type-conformance.js';
import { errorStatusMatch } from '../../../../src/contract/checks/error-status-match.js';
import { exchange } from '../../../helpers/contract-exchange.js';
import { checkFixtures } from './check-fixtures.js';

let f: Awaited<ReturnType<typeof checkFixtures>>;
beforeAll(async () => {
  f = await checkFixtures();
});

const pet = { id: 7, name: 'Rex', categoryId: 1, status: 'available' };

describe('body-schema', () => {
  it('passes a body that matches the documented schema', () => {
    expect(responseSchemaConformance(exchange({ status: 200, body: [pet] }), f.op('listPets'), f.context())).toEqual([]);
  });

  it.each([
    ['a field of the wrong type', { ...pet, id: '7' }, '$[0].id', 'type integer'],
    ['a value outside the enum', { ...pet, status: 'lost' }, '$[0].status', 'one of ["available","pending","sold"]'],
    ['a missing required field', { id: 7, categoryId: 1 }, '$[0].name', "property 'name' present"],
    ['an extra field', { ...pet, nickname: 'R' }, '$[0].nickname', 'no property not named by the schema'],
  ])('fails %s, naming the JSON path and what was expected', (_what, item, path, expected) => {
    const failures = responseSchemaConformance(exchange({ status: 200, body: [item] }), f.op('listPets'), f.context());
    expect(failures).toEqual([expect.objectContaining({ check: 'response_schema_conformance', location: path, expected })]);
  });

  it('fails a date-time that is not RFC 3339', () => {
    const order = { id: 1, petId: 1, quantity: 1, shipDate: 'tomorrow', complete: false };
    const failures = responseSchemaConformance(exchange({ status: 200, body: order }), f.op('getOrderById'), f.context());
    expect(failures).toEqual([expect.objectContaining({ location: '$.shipDate', expected: 'format date-time', actual: '"tomorrow"' })]);
  });

  it('fails an error body whose code is not the one documented for that status', () => {
    const failures = responseSchemaConformance(exchange({ status: 404, body: { code: 'forbidden', message: 'x', status: 404 } }), f.op('getOrderById'), f.context());
    expect(failures.map((x) => x.location)).toEqual(['$.code']);
  });

  it('fails a body that is not JSON, and an empty one', () => {
    expect(responseSchemaConformance(exchange({ status: 200, body: '{"id": 1,' }), f.op('getOrderById'), f.context())[0]).toMatchObject({ message: expect.stringContaining('not valid JSON') });
    expect(responseSchemaConformance(exchange({ status: 200 }), f.op('getOrderById'), f.context())[0]).toMatchObject({ actual: 'empty' });
  });

  it('lists at most five problems and counts the rest', () => {
    const items = Array.from({ length: 8 }, (_, i) => ({ ...pet, id: String(i + 1) }));
    const failures = responseSchemaConformance(exchange({ status: 200, body: items }), f.op('listPets'), f.context());
    expect(failures).toHaveLength(6);
    expect(failures[5]!.message).toContain('and 3 more schema problems');
  });
});

describe('content-type', () => {
  it('passes application/json with a UTF-8 charset', () => {
    expect(contentTypeConformance(exchange({ status: 200, body: [] }), f.op('listPets'), f.context())).toEqual([]);
  });

  it('fails text/plain for a JSON body', () => {
    const failures = contentTypeConformance(exchange({ status: 200, body: [], headers: { 'content-type': 'text/plain' } }), f.op('listPets'), f.context());
    expect(failures).toEqual([expect.objectContaining({ check: 'content_type_conformance', expected: 'application/json', actual: 'text/plain' })]);
  });

  it('fails a JSON body declared in another charset', () => {
    const failures = contentTypeConformance(exchange({ status: 200, body: [], headers: { 'content-type': 'application/json; charset=iso-8859-1' } }), f.op('listPets'), f.context());
    expect(failures).toHaveLength(1);
  });

  it('fails a 204 that has a body', () => {
    const failures = contentTypeConformance(exchange({ method: 'DELETE', status: 204, body: { ok: true } }), f.op('deletePet'), f.context());
    expect(failures).toEqual([expect.objectContaining({ expected: 'no body' })]);
  });
});

describe('error-status-match', () => {
  it('passes an Error whose status is the HTTP status', () => {
    expect(errorStatusMatch(exchange({ status: 404, body: { code: 'not_found', message: 'x', status: 404 } }), f.op('getOrderById'), f.context())).toEqual([]);
  });

  it('fails an Error whose status differs from the HTTP status', () => {
    const failures = errorStatusMatch(exchange({ status: 404, body: { code: 'not_found', message: 'x', status: 400 } }), f.op('getOrderById'), f.context());
    expect(failures).toEqual([expect.objectContaining({ check: 'error-status-match', expected: '404', actual: '400', location: '$.status' })]);
  });
});
