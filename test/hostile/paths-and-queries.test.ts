import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHealthy, rawRequest, startHostileMock, type Answer, type HostileMock } from './hostile-kit.js';

/*
 * Request targets as sent on the wire (a raw socket: fetch would normalise `..` and `%2e%2e`):
 * encoded slashes, dot segments, ids beyond int64, negatives, floats, empty segments, very long
 * paths, and query strings with thousands of parameters.
 */

let mock: HostileMock;
beforeAll(async () => {
  mock = await startHostileMock();
});
afterAll(async () => {
  await mock?.close();
});

async function get(target: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  const result = await mock.raw([rawRequest(method, target, headers)], { answers: 1 });
  expect(result.timedOut, `${method} ${target.slice(0, 80)} answered`).toBe(false);
  return result.answers[0]!;
}

function codeOf(answer: Answer): string {
  return JSON.parse(answer.text).code as string;
}

describe('path tricks', () => {
  const TRICKS: [string, number][] = [
    ['/pets/%2F', 400],
    ['/pets%2F1', 404],
    ['/pets%2f1', 404],
    ['/pets/1%2F..%2F2', 400],
    ['/pets/..', 400],
    ['/pets/../pets', 404],
    ['/pets/../../../../etc/passwd', 404],
    ['/pets/%2e%2e', 400],
    ['/pets/%2e%2e/%2e%2e/etc/passwd', 404],
    ['/pets/.', 400],
    ['/./pets', 404],
    ['/pets/..%5c..%5cwindows', 400],
    ['/pets/9223372036854775807', 400],
    ['/pets/9223372036854775808', 400],
    ['/pets/18446744073709551616', 400],
    [`/pets/${'9'.repeat(400)}`, 400],
    ['/pets/9007199254740991', 404],
    ['/pets/9007199254740992', 400],
    ['/pets/-1', 400],
    ['/pets/-0', 400],
    ['/pets/0', 400],
    ['/pets/1.0', 400],
    ['/pets/1.5', 400],
    ['/pets/1e3', 400],
    ['/pets/0x10', 400],
    ['/pets/Infinity', 400],
    ['/pets/NaN', 400],
    ['/pets/%20%201', 400],
    ['/pets/1%00', 400],
    ['/pets/%', 400],
    ['/pets/%E0%A4%A', 400],
    ['/pets/%C0%AF', 400],
    ['/pets/%F0%9F%90%95', 400],
    ['/pets//1', 404],
    ['//pets', 404],
    ['/pets/', 404],
    ['/pets//', 404],
    ['/', 404],
    ['/store//orders', 404],
    ['/store/inventory/', 404],
    ['/store/orders/1/', 404],
    ['/PETS', 404],
    ['/pets;jsessionid=1', 404],
    ['/pets/1;x=y', 400],
    [`/${'a/'.repeat(3_000)}`, 404],
    [`/pets/${'1'.repeat(15_000)}`, 400],
    [`/${'%2e%2e/'.repeat(1_500)}`, 404],
  ];
  for (const method of ['GET', 'DELETE']) {
    it(`answers ${method} on ${TRICKS.length} tricky paths with 400 or 404 and the Error object, never a 5xx`, async () => {
      for (const [target, status] of TRICKS) {
        const answer = await get(target, method);
        expect(answer.status, `${method} ${target.slice(0, 80)}: ${answer.text.slice(0, 200)}`).toBe(status);
        expect(codeOf(answer)).toBe(status === 400 ? 'validation_failed' : 'not_found');
        expect(answer.text.length, 'an echoed path is cut short').toBeLessThan(2_000);
      }
    });
  }

  it('answers a path over the header limit with 431', async () => {
    const answer = await get(`/pets/${'1'.repeat(17_000)}`);
    expect(answer.status).toBe(431);
  });

  it('answers tricky paths under /__admin with the Error object: bad percent-encoding is 400, not 500', async () => {
    for (const [target, status] of [
      ['/__admin/keys/%', 400],
      ['/__admin/keys/%E0%A4%A', 400],
      ['/__admin/keys/%2F', 404],
      ['/__admin/keys/..%2F..%2Fetc', 404],
      ['/__admin/../pets', 404],
      ['/__admin/%2e%2e/pets', 404],
      ['/__admin/', 404],
      ['/__admin//keys', 404],
      [`/__admin/keys/${'k'.repeat(10_000)}`, 404],
    ] as const) {
      const answer = await get(target);
      expect(answer.status, `${target.slice(0, 60)}: ${answer.text.slice(0, 200)}`).toBe(status);
    }
    for (const encoding of ['gzip', 'deflate', 'br']) {
      const result = await mock.raw([rawRequest('POST', '/__admin/clock', { 'Content-Type': 'application/json', 'Content-Encoding': encoding }, '{"advanceSeconds":1}')], { answers: 1 });
      expect(result.answers[0]?.status, `${encoding} that is not: ${result.answers[0]?.text}`).toBe(400);
    }
    await expectHealthy(mock);
  });
});

describe('query floods', () => {
  const query = (count: number, param: (i: number) => string) => Array.from({ length: count }, (_, i) => param(i)).join('&');

  it('ignores thousands of unknown parameters', async () => {
    const answer = await get(`/pets?limit=1&${query(1_000, (i) => `p${i}=1`)}&${query(1_500, () => 'x=1')}`);
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    expect(JSON.parse(answer.text)).toHaveLength(1);
  });

  it('refuses thousands of repeated known parameters by the document bounds, 400 with details', async () => {
    for (const [target, detail] of [
      [`/pets?${query(1_000, () => 'status=sold')}`, '/query/status'],
      [`/pets?${query(1_500, (i) => `id=${i + 1}`)}`, '/query/id'],
      [`/pets?${query(1_500, () => 'limit=1')}`, '/query/limit'],
      [`/store/orders?${query(1_000, () => 'complete=true')}`, '/query/complete'],
      [`/store/inventory?${query(1_500, () => 'status=x')}`, '/query/status'],
    ] as const) {
      const answer = await get(target);
      expect(answer.status, target.slice(0, 60)).toBe(400);
      expect(JSON.parse(answer.text).details.map((d: { path: string }) => d.path)).toContain(detail);
      expect(answer.text.length, 'details do not list one entry per value').toBeLessThan(20_000);
    }
  });

  it('answers odd query syntax without a 5xx', async () => {
    for (const [q, status] of [
      ['limit=%', 400],
      ['limit=%zz', 400],
      ['name=%ff%fe', 200],
      ['name=%00', 200],
      ['limit[]=1', 200],
      ['limit[0]=1&limit[1]=2', 200],
      ['__proto__[polluted]=1', 200],
      ['constructor[prototype][polluted]=1', 200],
      ['&&&&&&=&=&=', 200],
      ['limit=1e1', 400],
      ['limit=-0', 400],
      ['limit=01', 200],
      ['limit= 1', 400],
      ['offset=9007199254740992', 400],
      ['offset=99999999999999999999999', 400],
      ['id=1&id=-1', 400],
      [`name=${'n'.repeat(101)}`, 400],
      [`name=${'%F0%9F%90%95'.repeat(100)}`, 200], // 100 characters (200 UTF-16 units)
      [`name=${'%F0%9F%90%95'.repeat(101)}`, 400],
      ['status=available&status=available&status=available&status=available', 400],
      ['categoryId=1.5', 400],
      ['categoryId=', 400],
    ] as const) {
      const answer = await get(`/pets?${q}`);
      expect(answer.status, `?${q}: ${answer.text.slice(0, 200)}`).toBe(status);
    }
    await expectHealthy(mock);
  });
});
