import { beforeAll, describe, expect, it } from 'vitest';
import { statusCodeConformance } from '../../../../src/contract/checks/status-code-conformance.js';
import { statusExpected } from '../../../../src/contract/checks/status-expected.js';
import { exchange } from '../../../helpers/contract-exchange.js';
import { checkFixtures } from './check-fixtures.js';

let f: Awaited<ReturnType<typeof checkFixtures>>;
beforeAll(async () => {
  f = await checkFixtures();
});

describe('status-documented', () => {
  it('passes a status the operation documents', () => {
    expect(statusCodeConformance(exchange({ status: 200, body: [] }), f.op('listPets'), f.context())).toEqual([]);
  });

  it('fails an undocumented status, naming the documented ones', () => {
    const [failure, ...rest] = statusCodeConformance(exchange({ status: 202, body: [] }), f.op('listPets'), f.context());
    expect(rest).toEqual([]);
    expect(failure).toMatchObject({ check: 'status_code_conformance', actual: '202', expected: 'one of 200, 400, 401, 403, 429, 500' });
    expect(failure!.message).toContain('GET /pets answered 202, which listPets does not document');
  });

  it('fails an undocumented 4xx too, though Prism only warns about one', () => {
    // listPets documents no 404: a server answering one has drifted from the document.
    expect(statusCodeConformance(exchange({ status: 404, body: { code: 'not_found', message: 'x', status: 404 } }), f.op('listPets'), f.context())).toHaveLength(1);
  });
});

describe('status-documented on an operation that requires a credential but lists no 401 (decision 028)', () => {
  it('takes its 401 as documented by its security, and still fails a 401 from a public operation', () => {
    const { '401': _dropped, ...responses } = f.op('listPets').responses;
    const secured = { ...f.op('listPets'), responses };
    const denied = exchange({ status: 401, body: { code: 'unauthorized', message: 'x', status: 401 } });
    expect(statusCodeConformance(denied, secured, f.context())).toEqual([]);
    expect(statusCodeConformance(denied, { ...secured, security: [] }, f.context())).toHaveLength(1);
    expect(statusCodeConformance(denied, { ...secured, security: [{}, { apiKey: [] }] }, f.context())).toHaveLength(1);
  });
});

describe('status-expected', () => {
  it('passes when the status is one the case expects', () => {
    expect(statusExpected(exchange({ status: 410, body: {} }), f.op('getPetById'), f.context({ expectedStatuses: ['200', '410'] }))).toEqual([]);
  });

  it('fails when the case expected another status', () => {
    const failures = statusExpected(exchange({ status: 200, body: [] }), f.op('listPets'), f.context({ expectedStatuses: ['401'] }));
    expect(failures).toEqual([expect.objectContaining({ check: 'status-expected', expected: '401', actual: '200' })]);
  });

  it('fails when the error code is not the one expected', () => {
    const banned = exchange({ method: 'POST', status: 403, body: { code: 'key_banned', message: 'banned', status: 403 } });
    expect(statusExpected(banned, f.op('createPet'), f.context({ expectedStatuses: ['403'], expectedCode: 'forbidden' }))).toEqual([
      expect.objectContaining({ check: 'status-expected', location: '$.code', expected: 'forbidden', actual: '"key_banned"' }),
    ]);
  });

  it('says nothing when the case has no expectation (a cleanup, a read-back)', () => {
    expect(statusExpected(exchange({ status: 500, body: {} }), f.op('listPets'), f.context())).toEqual([]);
  });
});
