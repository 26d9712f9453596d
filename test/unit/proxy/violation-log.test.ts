import { describe, expect, it } from 'vitest';
import type { Exchange, Failure } from '../../../src/contract/events.js';
import { CredentialMasker } from '../../../src/proxy/credential-masker.js';
import { MaskedEntry } from '../../../src/proxy/masked-entry.js';
import { ViolationLog } from '../../../src/proxy/violation-log.js';

const masker = new CredentialMasker(['x-api-key'], []);

function entry(n: number, key: string, failures: Failure[] = []): MaskedEntry {
  const exchange: Exchange = {
    request: { method: 'POST', url: `http://upstream/pets?n=${n}`, headers: { 'x-api-key': key } },
    response: { status: 201, headers: {}, body: { echoed: key }, text: JSON.stringify({ echoed: key }) },
    durationMs: n,
    operationId: 'createPet',
  };
  return new MaskedEntry({ startedAt: n, operationId: 'createPet', path: '/pets', method: 'POST', requestPath: '/pets', status: 201, violationCount: failures.length, exchange, failures, requestBody: Buffer.from(JSON.stringify({ name: key })), secrets: [key] }, masker);
}

describe('the violation log', () => {
  it('holds the newest exchanges only, oldest first, and counts every one', () => {
    const log = new ViolationLog(3);
    for (let n = 1; n <= 5; n++) log.add(entry(n, `key-number-${n}`, n % 2 ? [{ check: 'body-schema', message: `bad ${n}` }] : []), 1_000 * n);
    expect(log).toMatchObject({ exchanges: 5, violating: 3, dropped: 2 });
    expect(log.heldCases().map((c) => [c.id, c.status])).toEqual([['createPet/proxied/3', 'failed'], ['createPet/proxied/4', 'passed'], ['createPet/proxied/5', 'failed']]);
    expect(log.violations().violations.map((v) => [v.at, v.failures[0]!.message])).toEqual([
      ['1970-01-01T00:00:01.000Z', 'bad 1'],
      ['1970-01-01T00:00:03.000Z', 'bad 3'],
      ['1970-01-01T00:00:05.000Z', 'bad 5'],
    ]);
  });

  it('masks each exchange with its own credentials, the request body included, whichever order they come in', () => {
    const log = new ViolationLog();
    for (const key of ['first-secret-key', 'second-secret-key', 'first-secret-key']) log.add(entry(1, key), 0);
    const cases = log.heldCases();
    const text = JSON.stringify(cases);
    expect(text).not.toContain('first-secret-key');
    expect(text).not.toContain('second-secret-key');
    expect(cases.map((c) => c.exchanges[0]!.request.body)).toEqual([{ name: 'firs…ey' }, { name: 'seco…ey' }, { name: 'firs…ey' }]);
    expect(cases[1]!.exchanges[0]!.response.body).toEqual({ echoed: 'seco…ey' });
  });

  it('holds entries within its byte budget, their bodies cut to the start with the key masked even where the cut falls', () => {
    const key = 'cut-in-two-secret-key';
    const log = new ViolationLog(5000, 1024 * 1024);
    for (let n = 1; n <= 40; n++) {
      const text = `${'x'.repeat(64 * 1024 - 5)}${key}${'y'.repeat(200_000)}`;
      const e = new MaskedEntry({ startedAt: n, operationId: 'listPets', path: '/pets', method: 'GET', requestPath: '/pets', status: 200, violationCount: 0, exchange: { request: { method: 'GET', url: 'http://upstream/pets', headers: { 'x-api-key': key } }, response: { status: 200, headers: {}, body: text, text }, durationMs: 1 }, failures: [], requestBody: undefined, secrets: [key] }, masker);
      e.shrink();
      log.add(e, n);
    }
    const cases = log.heldCases();
    expect(cases.length).toBeGreaterThan(1);
    expect(cases.length).toBeLessThan(10);
    expect(log).toMatchObject({ exchanges: 40, dropped: 40 - cases.length });
    const response = cases[0]!.exchanges[0]!.response;
    expect(response).toMatchObject({ body: undefined, fullLength: 64 * 1024 - 5 + key.length + 200_000 });
    expect(response.text.length).toBe(64 * 1024);
    expect(response.text.endsWith('x')).toBe(false);
    expect(JSON.stringify(cases)).not.toContain(key.slice(0, 5));
  });
});
