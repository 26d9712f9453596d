import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runContractCli } from '../../../src/cli/contract-command.js';
import { runContract } from '../../../src/contract/run-contract.js';
import { notPassed, useResetMock } from '../../helpers/contract-mock.js';

// A fresh mock for this file; the runner knows nothing of sessions or /__admin, only the test does.
const mock = useResetMock();

const KEYS = { apiKey: 'demo-enterprise', readonlyKey: 'demo-readonly' };

async function totals(path: string): Promise<number> {
  const answer = await fetch(`${mock.url}${path}`, { headers: { 'X-API-Key': 'demo-enterprise' } });
  return Number(answer.headers.get('x-total-count'));
}

describe('the contract runner against the real mock', () => {
  it('passes every case, with 0 failures', async () => {
    const started = performance.now();
    const summary = await runContract({ baseUrl: mock.url, ...KEYS });
    const wallMs = performance.now() - started;
    expect(notPassed(summary)).toEqual([]);
    expect(summary.totals.failed + summary.totals.errors).toBe(0);
    expect(summary.totals.cases).toBeGreaterThan(100);
    const exchanges = summary.cases.reduce((n, c) => n + c.exchanges.length, 0);
    console.info(`contract run against the mock: ${summary.totals.cases} cases, ${exchanges} exchanges, ${Math.round(wallMs)} ms wall clock`);
  });

  it('leaves the target as it found it, except the fulfilled orders the API cannot delete', async () => {
    const before = { pets: await totals('/pets'), categories: await totals('/categories'), orders: await totals('/store/orders'), stock: await totals('/store/inventory') };
    const summary = await runContract({ baseUrl: mock.url, ...KEYS });
    const leftOrders = summary.cases.flatMap((c) => c.notes ?? []).filter((n) => n.startsWith('left on the target: order'));
    expect(leftOrders.length).toBeGreaterThan(0);
    expect({ pets: await totals('/pets'), categories: await totals('/categories'), orders: await totals('/store/orders'), stock: await totals('/store/inventory') }).toEqual({
      ...before,
      orders: before.orders + leftOrders.length,
    });
  });

  it("accepts GET /pets/{petId}'s documented 410 after its sunset, and reads pets back through its successor", async () => {
    await mock.admin.setClock('2027-07-01T00:00:00Z');
    const summary = await runContract({ baseUrl: mock.url, ...KEYS, operations: ['getPetById', 'createPet', 'replacePet', 'deletePet'] });
    const gone = summary.cases.find((c) => c.id === 'getPetById/positive/plain')!;
    expect(gone.exchanges.filter((x) => x.operationId === 'getPetById').map((x) => x.response.status)).toEqual([410]);
    const created = summary.cases.find((c) => c.id === 'createPet/state/created-reads-back')!;
    expect(created.exchanges.map((x) => `${x.request.method} ${new URL(x.request.url).pathname} ${x.response.status}`).slice(1, 4)).toEqual([
      expect.stringMatching(/^POST \/pets 201$/),
      expect.stringMatching(/^GET \/pets\/\d+ 410$/),
      'GET /pets 200',
    ]);
    expect(summary.cases.flatMap((c) => c.failures)).toEqual([]);
    expect(summary.totals.errors).toBe(0);
  });

  it('drives a Free key to 429 and finds the rate-limit answers consistent', async () => {
    const summary = await runContract({ baseUrl: mock.url, ...KEYS, operations: ['listPets'], includeRateLimit: true, rateLimitKey: 'demo-free' });
    expect(notPassed(summary)).toEqual([]);
    const countdown = summary.cases.at(-1)!;
    expect(countdown).toMatchObject({ id: 'listPets/rate-limit/drive-to-429', status: 'passed' });
    expect(countdown.exchanges.at(-1)!.response.status).toBe(429);
  });

  it('skips the countdown for a key with thousands of requests left', async () => {
    const summary = await runContract({ baseUrl: mock.url, ...KEYS, operations: ['listPets'], includeRateLimit: true });
    expect(summary.cases.at(-1)).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/^X-RateLimit-Remaining is \d+ for demo…se: reaching 429 would take/) });
  });

  it('is polite with a Free key: it paces itself by the rate-limit headers and meets no 429', async () => {
    const waits: { ms: number; reason: string; paced?: true }[] = [];
    // 60 a minute is far less than this run sends. The runner's sleep moves the mock's clock
    // instead of waiting, so the test takes no real minutes.
    const summary = await runContract(
      { baseUrl: mock.url, apiKey: 'demo-free', tags: ['Pets'], maxWaitSeconds: 600 },
      { sleep: async (ms) => void (await mock.admin.advanceClock(Math.ceil(ms / 1000))), onEvent: (e) => void (e.type === 'waiting' && waits.push(e)) },
    );
    expect(summary.cases.flatMap((c) => c.failures)).toEqual([]);
    expect(summary.totals.errors).toBe(0);
    expect(waits.length).toBeGreaterThan(0);
    expect(waits[0]!.reason).toMatch(/^pacing \w+ \/\S+: the last answer left this credential no request until its rate-limit window resets/);
    expect(waits.filter((w) => !w.paced)).toEqual([]);
    expect(summary.cases.flatMap((c) => c.exchanges).filter((e) => e.response.status === 429)).toEqual([]);
    expect(summary.waitedMs).toBe(0);
    expect(summary.pacedMs).toBe(waits.reduce((sum, w) => sum + w.ms, 0));
  });
});

describe('petstore-kit contract against the real mock', () => {
  it('exits 0 and writes report.json, junit.xml and report.html', async () => {
    const out = await mkdtemp(join(tmpdir(), 'contract-mock-'));
    try {
      const stdout = new PassThrough();
      let text = '';
      stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const code = await runContractCli(
        ['--base-url', mock.url, '--api-key', 'demo-enterprise', '--readonly-key', 'demo-readonly', '--tag', 'Store', '--reporter', 'console', '--reporter', 'json', '--reporter', 'junit', '--reporter', 'html', '--out', out],
        { stdout },
      );
      expect(code).toBe(0);
      expect(text).toContain('placeOrder');
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { totals: { failed: number } };
      expect(report.totals.failed).toBe(0);
      expect(await readFile(join(out, 'junit.xml'), 'utf8')).toContain('<testsuites');
      expect(await readFile(join(out, 'report.html'), 'utf8')).toContain('<html');
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
