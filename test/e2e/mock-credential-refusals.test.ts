/**
 * What the mock answers to a missing or refused credential on documents it has never seen (issue
 * 20, decision 098): only what the operation documents, in a body its schema accepts. The built
 * CLI's mock as a real process, under its default `--auth any-credential` (a credential beginning
 * `invalid` is refused, decision 089), and the built CLI's runner against it.
 * Needs `npm run build` first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { useMockFor } from '../helpers/mock-for-suite.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/status/credential-refusals.yaml', import.meta.url));
const mock = useMockFor(DOCUMENT);

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; body: any }> {
  const response = await fetch(`${mock.url}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

describe('the mock refuses a credential with a status its document gives', () => {
  it('answers a wrong key 403 where the operation documents 403 and not 401 (was 401), in the 403 shape', async () => {
    const wrong = await get('/cart', { 'X-Api-Key': 'invalid-key' });
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('www-authenticate')).toBeNull();
    expect(typeof wrong.body.message).toBe('string');
    expect(Object.keys(wrong.body).every((k) => ['errorId', 'message'].includes(k))).toBe(true);
    expect((await get('/cart', { 'X-Api-Key': 'any-key' })).status).toBe(200);
  });

  it('answers a wrong api-key in the query 403 too; a missing one stays 401 with its challenge', async () => {
    expect((await get('/popular.json?api-key=invalid-key')).status).toBe(403);
    const missing = await get('/popular.json');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toMatch(/api-key/);
  });

  it('keeps the reason out of a body whose other properties must be objects (was message: "..." beside ok and error)', async () => {
    const refused = await get('/api.test');
    expect(refused.status).toBe(401);
    expect(refused.body.ok).toBe(false);
    expect(typeof refused.body.error).toBe('string');
    for (const [name, value] of Object.entries(refused.body)) if (!['ok', 'error'].includes(name)) expect(typeof value).toBe('object');
    expect(refused.headers.get('mock-error-reason')).toMatch(/API key/);
  });

  it('fills a name the error schema requires but does not declare (was left out)', async () => {
    const refused = await get('/events/e1');
    expect(refused.status).toBe(401);
    expect(refused.body).toHaveProperty('message');
    expect(refused.body).toHaveProperty('eventId');
  });

  it('leaves the runner nothing to report: every no-key and wrong-key case passes', async () => {
    const out = await mkdtemp(join(tmpdir(), 'credential-refusals-'));
    try {
      const run = await runContract(['--base-url', mock.url, '--spec', DOCUMENT, '--api-key', 'some-key', '--seed', '1', '--reporter', 'json', '--out', out]);
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary;
      expect(report.cases.filter((c) => c.status !== 'passed' && c.status !== 'skipped').map((c) => `${c.id}: ${c.failures?.map((f) => f.message).join('; ')}`)).toEqual([]);
      const credentialCases = report.cases.filter((c) => /\/negative\/(no-key|wrong-key)$/.test(c.id));
      expect(credentialCases.map((c) => c.id)).toEqual(expect.arrayContaining(['getCart/negative/wrong-key', 'getPopular/negative/wrong-key', 'apiTest/negative/no-key', 'getEvent/negative/no-key']));
      for (const c of credentialCases) expect(c.status).toBe('passed');
      expect(run.code).toBe(0);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 240_000);
});
