import { describe, expect, it } from 'vitest';
import { parseContractArgs } from '../../src/cli/contract-args.js';
import { ContractRunError } from '../../src/contract/contract-error.js';
import { createRedactor } from '../../src/contract/credentials.js';
import type { CaseResult } from '../../src/contract/events.js';
import { normalizeOptions } from '../../src/contract/options.js';
import { jsonDepth } from '../../src/contract/response-body.js';

function options(...argv: string[]) {
  const parsed = parseContractArgs(argv);
  if (parsed.help) throw new Error('unexpected --help');
  return normalizeOptions(parsed.input);
}
function refusal(...argv: string[]): string {
  try {
    options(...argv);
  } catch (err) {
    expect(err).toBeInstanceOf(ContractRunError);
    return (err as Error).message;
  }
  throw new Error('accepted');
}

describe('the limit flags', () => {
  it('take --max-response-bytes in bytes and --max-duration in seconds', () => {
    const o = options('--base-url', 'http://127.0.0.1:1', '--api-key', 'k', '--max-response-bytes', '1048576', '--max-duration', '2.5');
    expect([o.maxResponseBytes, o.maxDurationMs]).toEqual([1048576, 2500]);
  });

  it.each([
    [['--max-response-bytes', '0'], /--max-response-bytes must be a whole number of bytes >= 1 \(got '0'\)/],
    [['--max-response-bytes', '1.5'], /--max-response-bytes must be a whole number of bytes/],
    [['--max-response-bytes', 'lots'], /--max-response-bytes must be a number of bytes \(got 'lots'\)/],
    [['--max-duration', '0'], /--max-duration must be a number of seconds >= 0.001/],
    [['--max-duration', 'soon'], /--max-duration must be a number of seconds \(got 'soon'\)/],
  ])('refuses %j', (extra, message) => {
    expect(refusal('--base-url', 'http://127.0.0.1:1', '--api-key', 'k', ...extra)).toMatch(message);
  });
});

describe('--base-url with credentials', () => {
  it.each(['http://ci:hunter2-pass@example.test', 'https://only-user@example.test/api', 'ftp://ci:hunter2-pass@example.test', 'http://ci:hunter2-pass@exa mple.test'])('refuses %s without echoing the user or password', (url) => {
    const message = refusal('--base-url', url, '--api-key', 'k');
    expect(message).not.toMatch(/hunter2|only-user|ci:/);
  });
});

describe('the redactor', () => {
  const KEY = 'Key-With/Odd "chars"+1';
  const redact = createRedactor([KEY, 'ro']);
  it('masks a key as sent, percent-, form- and JSON-encoded, in any case, in values and keys', () => {
    const masked = redact.value({
      raw: `x ${KEY} y`,
      percent: encodeURIComponent(KEY),
      form: new URLSearchParams({ k: KEY }).toString(),
      json: JSON.stringify({ k: KEY }),
      lower: KEY.toLowerCase(),
      [KEY]: 'as a key',
    });
    expect(JSON.stringify(masked)).not.toMatch(/Odd|odd|chars/);
    expect(masked.raw).toBe('x Key-…+1 y');
  });

  it('keeps a __proto__ key a plain key and leaves the fields the runner names alone', () => {
    const body = JSON.parse('{"__proto__": {"polluted": "ro"}}') as object;
    const result = {
      id: 'x/ro', operationId: 'op', method: 'get', path: '/p', title: 't', kind: 'positive', status: 'error',
      failures: [{ check: 'error-status-match', message: 'error from ro' }],
      exchanges: [{ request: { method: 'GET', url: 'http://h/?k=ro', headers: {} }, response: { status: 200, headers: {}, body, text: '' }, durationMs: 1 }],
      waitedMs: 0, durationMs: 1, reason: 'error',
    } as CaseResult;
    const masked = redact.result(result);
    expect([masked.status, masked.id, masked.failures[0]!.check]).toEqual(['error', 'x/ro', 'error-status-match']);
    expect(masked.failures[0]!.message).toBe('error from …');
    expect(masked.exchanges[0]!.request.url).toBe('http://h/?k=…');
    const kept = masked.exchanges[0]!.response.body as Record<string, unknown>;
    expect(Object.keys(kept)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('jsonDepth', () => {
  it('counts brackets outside strings only, without recursion', () => {
    expect(jsonDepth('{"a":[1,{"b":"[[[[\\"[["}]}')).toBe(3);
    expect(jsonDepth('['.repeat(1_000_000))).toBe(1_000_000);
  });
});
