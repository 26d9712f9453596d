import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { startMock } from '../../../src/http/start-mock.js';
import { runCli, startMockProcess, type MockProcess } from '../../helpers/mock-processes.js';
import { runContract } from '../../helpers/contract-cli.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/oas32/', import.meta.url));
const TICKER = `${FIXTURES}ticker-3.2.yaml`;
const OAI_PASS = `${FIXTURES}oai-schema-tests/pass/`;
const OAI_FAIL = `${FIXTURES}oai-schema-tests/fail/`;

/** The one OAI "pass" document the kit refuses: its security scheme $refs a URL, which the kit never fetches. */
const REFUSED_PASS = new Set(['security-scheme-object-examples.yaml']);

describe('OpenAPI 3.2 documents', () => {
  it('the mock starts on each of the OpenAPI Initiative 3.2 schema tests that pass, and on its learn site examples', async () => {
    const files = [
      ...readdirSync(OAI_PASS).filter((f) => !REFUSED_PASS.has(f)).map((f) => OAI_PASS + f),
      `${FIXTURES}oai-learn/3.2-query-example.yaml`,
      `${FIXTURES}oai-learn/3.2-tags-example.yaml`,
    ];
    expect(files.length).toBeGreaterThanOrEqual(36);
    for (const file of files) {
      // Started in-process: a refused document throws a SpecError here (the CLI's exit 2).
      const mock = await startMock({ specFile: file, quiet: true });
      await mock.close();
    }
  }, 60_000);

  it('refuses, exit 2 naming the JSON path, the 3.2 schema tests that break querystring and additionalOperations rules', async () => {
    for (const name of ['operation-object-query-with-querystring.yaml', 'path-item-object-two-querystrings.yaml', 'path-item-object-conflicting-additional-operation.yaml']) {
      const { code, stderr } = await runCli(['mock', '--port', '0', '--spec', OAI_FAIL + name]);
      expect(code, name).toBe(2);
      expect(stderr, name).toMatch(/is not a valid OpenAPI 3\.2 document[\s\S]*- \/(paths|components)\//);
    }
  }, 60_000);
});

describe('the 3.2 features of a document written for them', () => {
  let mock: MockProcess;
  beforeAll(async () => {
    mock = await startMockProcess(['--spec', TICKER]);
  });
  afterAll(() => mock?.stop());

  it('answers the QUERY method with its body checked', async () => {
    const good = await fetch(`${mock.url}/quotes/search`, { method: 'QUERY', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ symbols: ['ACME'] }) });
    expect(good.status).toBe(200);
    expect(Array.isArray(await good.json())).toBe(true);
    const bad = await fetch(`${mock.url}/quotes/search`, { method: 'QUERY', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/symbols/);
  });

  it('answers a method of additionalOperations (LINK) and routes GET on the same path apart', async () => {
    const link = await fetch(`${mock.url}/quotes/ACME`, { method: 'LINK' });
    expect(link.status).toBe(204);
    const get = await fetch(`${mock.url}/quotes/ACME`, { headers: { authorization: 'Bearer any' } });
    expect(get.status).toBe(200);
    expect(await get.json()).toMatchObject({ symbol: expect.any(String), price: expect.any(Number) });
  });

  it('reads an in: querystring parameter as one form and checks it against its schema', async () => {
    expect((await fetch(`${mock.url}/quotes/filter?symbol=ACME&limit=3`)).status).toBe(200);
    const wrong = await fetch(`${mock.url}/quotes/filter?symbol=NOPE&limit=3`);
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/querystring\/filter\/symbol/);
    const extra = await fetch(`${mock.url}/quotes/filter?symbol=ACME&other=1`);
    expect(extra.status).toBe(400);
    const missing = await fetch(`${mock.url}/quotes/filter`);
    expect(missing.status).toBe(400);
  });

  it('the runner runs every operation of it against the mock, QUERY, LINK and the querystring form included, all passing', async () => {
    // A mock that knows its keys: with any-credential (this file's other mock) a wrong credential passes too, and ignored_auth says so.
    const checking = await startMockProcess(['--spec', TICKER, '--auth', 'known-keys']);
    let run;
    try {
      run = await runContract(['--spec', TICKER, '--base-url', checking.url, '--api-key', 'demo-pro']);
    } finally {
      await checking.stop();
    }
    const { code, stdout } = run;
    expect(stdout).toMatch(/QUERY\s+\/quotes\/search/);
    expect(stdout).toMatch(/LINK\s+\/quotes\/\{symbol\}/);
    expect(stdout).toMatch(/GET\s+\/quotes\/filter/);
    // 8 cases, a wrong credential (ignored_auth), and per path an undocumented method (unsupported_method): a GET is sent, a write to a record the run did not make is not (5 skipped).
    expect(stdout).toMatch(/Cases\s+15 total: 10 passed, 0 failed, 0 errors, 5 skipped/);
    expect(stdout).toMatch(/Result\s+PASSED/);
    expect(code).toBe(0);
  }, 60_000);
});
