import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { conforms } from '../../../src/contract/engine.js';
import { runContract } from '../../../src/contract/run-contract.js';
import { notPassed, useResetMock } from '../../helpers/contract-mock.js';

const mock = useResetMock();

const KEY = 'demo-enterprise';

describe('the deep phases against the real mock', () => {
  it('raise no false alarm for 20 seeds', async () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      await mock.admin.reset();
      const summary = await runContract({ baseUrl: mock.url, apiKey: KEY, phases: ['stateful', 'fuzz'], seed, maxExamples: 2 });
      expect({ seed, notPassed: notPassed(summary) }).toEqual({ seed, notPassed: [] });
      expect(summary.seed).toBe(seed);
    }
  }, 120_000);

  it('replays the same requests for the same seed', async () => {
    const requests = async () => {
      await mock.admin.reset();
      const sent: string[] = [];
      await runContract({ baseUrl: mock.url, apiKey: KEY, phases: ['fuzz'], operations: ['createCategory'], seed: 7, maxExamples: 5 }, {
        fetch: (input, init) => {
          sent.push(`${init.method} ${input} ${typeof init.body === 'string' ? init.body : ''}`);
          return fetch(input, init);
        },
      });
      return sent;
    };
    const first = await requests();
    expect(first.length).toBeGreaterThan(10);
    expect(await requests()).toEqual(first);
  });

  it('prints a seed when none is given and stops generating at --time-budget, still reporting', async () => {
    const summary = await runContract({ baseUrl: mock.url, apiKey: KEY, phases: ['boundary', 'fuzz'], maxExamples: 1000, timeBudgetSeconds: 0.5 });
    expect(typeof summary.seed).toBe('number');
    expect(summary.budgetSpent).toMatch(/--time-budget spent/);
    expect(summary.cases.length).toBeGreaterThan(0);
    expect(summary.totals.failed + summary.totals.errors).toBe(0);
  }, 60_000);
});

/** A target that answers HEAD / (the probe) and then misbehaves as asked. */
async function brokenTarget(mode: 'garbage' | 'drop' | 'hang'): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.method === 'HEAD') return void res.end();
    if (mode === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"garbage": [1, 2');
    if (mode === 'drop') return void req.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('a target that breaks during fuzzing', () => {
  it.each(['garbage', 'drop', 'hang'] as const)('answering %s is reported and the run does not conform', async (mode) => {
    const { url, server } = await brokenTarget(mode);
    try {
      const summary = await runContract({ baseUrl: url, apiKey: KEY, phases: ['fuzz'], operations: ['listCategories'], maxExamples: 20, timeoutSeconds: 0.3, maxWaitSeconds: 0 });
      expect(conforms(summary)).toBe(false);
      expect(summary.cases.map((c) => c.id)).toEqual(['listCategories/fuzz/valid', 'listCategories/fuzz/one-constraint-broken']);
      expect(summary.cases.every((c) => c.status === 'failed' || c.status === 'error')).toBe(true);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);
});
