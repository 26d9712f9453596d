import { beforeAll, describe, expect, it } from 'vitest';
import { responseHeadersConformance } from '../../../../src/contract/checks/response-headers-conformance.js';
import { DEPRECATION_HEADERS, exchange } from '../../../helpers/contract-exchange.js';
import { checkFixtures } from './check-fixtures.js';

let f: Awaited<ReturnType<typeof checkFixtures>>;
beforeAll(async () => {
  f = await checkFixtures();
});

const pet = { id: 1, name: 'Rex', categoryId: 1, status: 'available' };
const checkOf = (parts: Parameters<typeof exchange>[0], operationId: string) => responseHeadersConformance(exchange(parts), f.op(operationId), f.context());

describe('headers-documented', () => {
  it('passes a list with the rate-limit headers and X-Total-Count', () => {
    expect(checkOf({ status: 200, body: [pet], headers: { 'x-total-count': '1' } }, 'listPets')).toEqual([]);
  });

  it('fails a response without a rate-limit header', () => {
    expect(checkOf({ status: 200, body: [pet], headers: { 'x-total-count': '1', 'x-ratelimit-remaining': undefined } }, 'listPets')).toEqual([
      expect.objectContaining({ check: 'response_headers_conformance', location: 'header X-RateLimit-Remaining', actual: 'absent' }),
    ]);
  });

  it('fails a header that does not match its schema', () => {
    const failures = checkOf({ status: 200, body: [pet], headers: { 'x-total-count': 'many' } }, 'listPets');
    expect(failures).toEqual([expect.objectContaining({ location: 'header X-Total-Count', actual: 'many' })]);
  });

  it('fails a list without X-Total-Count', () => {
    expect(checkOf({ status: 200, body: [pet] }, 'listPets')).toEqual([expect.objectContaining({ location: 'header X-Total-Count' })]);
  });

  it('fails a 201 without Location', () => {
    expect(checkOf({ method: 'POST', status: 201, body: pet }, 'createPet')).toEqual([expect.objectContaining({ location: 'header Location' })]);
  });

  it('fails a 401 without WWW-Authenticate', () => {
    const body = { code: 'unauthorized', message: 'key', status: 401 };
    expect(checkOf({ status: 401, body, headers: { 'www-authenticate': 'ApiKey header="X-API-Key"' } }, 'listPets')).toEqual([]);
    expect(checkOf({ status: 401, body }, 'listPets')).toEqual([expect.objectContaining({ location: 'header WWW-Authenticate' })]);
  });

  describe('on the deprecated operation', () => {
    it('passes the Deprecation, Sunset and successor Link of section 3', () => {
      expect(checkOf({ status: 200, body: pet, headers: DEPRECATION_HEADERS }, 'getPetById')).toEqual([]);
    });

    it('fails a missing Deprecation header', () => {
      const failures = checkOf({ status: 200, body: pet, headers: { ...DEPRECATION_HEADERS, deprecation: undefined } }, 'getPetById');
      expect(failures.map((x) => x.location)).toContain('header Deprecation');
    });

    it('asks no Deprecation header where the document gives no instant for it (deprecated: true alone), but checks one that is sent', () => {
      const bare = { ...f.op('getPetById'), deprecatedAt: undefined, sunset: undefined };
      const plain = exchange({ status: 200, body: pet, headers: { ...DEPRECATION_HEADERS, deprecation: undefined, sunset: undefined } });
      const signals = (failures: { message: string }[]) => failures.filter((x) => x.message.includes('deprecated operation but has no Deprecation'));
      expect(signals(responseHeadersConformance(plain, bare, f.context()))).toEqual([]);
      expect(signals(responseHeadersConformance(plain, f.op('getPetById'), f.context()))).toHaveLength(1);
      const draft = exchange({ status: 200, body: pet, headers: { ...DEPRECATION_HEADERS, deprecation: 'true', sunset: undefined } });
      expect(responseHeadersConformance(draft, bare, f.context()).map((x) => x.location)).toContain('header Deprecation');
    });

    it('fails a Deprecation in the old draft syntax (not RFC 9745)', () => {
      const failures = checkOf({ status: 200, body: pet, headers: { ...DEPRECATION_HEADERS, deprecation: 'true' } }, 'getPetById');
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.every((x) => x.location === 'header Deprecation')).toBe(true);
    });

    it('fails a Sunset that is an ISO date rather than an HTTP-date', () => {
      const failures = checkOf({ status: 200, body: pet, headers: { ...DEPRECATION_HEADERS, sunset: '2027-06-30T23:59:59Z' } }, 'getPetById');
      expect(failures.length).toBeGreaterThan(0);
      expect(failures.every((x) => x.location === 'header Sunset')).toBe(true);
    });

    it('fails an HTTP-date with the wrong weekday, which a pattern alone would accept', () => {
      const failures = checkOf({ status: 200, body: pet, headers: { ...DEPRECATION_HEADERS, sunset: 'Mon, 30 Jun 2027 23:59:59 GMT' } }, 'getPetById');
      expect(failures).toEqual([expect.objectContaining({ location: 'header Sunset', message: expect.stringContaining('not an HTTP-date') })]);
    });

    it('fails a Sunset naming another instant than x-sunset', () => {
      const failures = checkOf({ status: 200, body: pet, headers: { ...DEPRECATION_HEADERS, sunset: 'Thu, 01 Jul 2027 23:59:59 GMT' } }, 'getPetById');
      expect(failures).toEqual([expect.objectContaining({ location: 'header Sunset', message: expect.stringContaining("x-sunset") })]);
    });

    it('expects the headers on its errors too, and on its 410', () => {
      const gone = { code: 'endpoint_sunset', message: 'gone', status: 410 };
      expect(checkOf({ status: 410, body: gone, headers: DEPRECATION_HEADERS }, 'getPetById')).toEqual([]);
      expect(checkOf({ status: 410, body: gone }, 'getPetById').length).toBeGreaterThanOrEqual(3);
    });
  });
});
