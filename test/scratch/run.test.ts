import { it } from 'vitest';
import { runContract } from '../../src/contract/run-contract.js';
import { startMock } from '../../src/http/start-mock.js';
it('scratch', async () => {
  const mock = await startMock({ quiet: true });
  const phases = (process.env.PH ?? 'examples,negative,boundary').split(',');
  const t = performance.now();
  const s = await runContract({ baseUrl: mock.url, apiKey: 'demo-enterprise', readonlyKey: 'demo-readonly', phases, seed: Number(process.env.SEED ?? 1), maxExamples: Number(process.env.MAX ?? 50), ...(process.env.OP ? { operations: [process.env.OP] } : {}) });
  console.log(phases.join(','), s.totals, Math.round(performance.now() - t), 'ms', 'requests', s.cases.reduce((n, c) => n + c.exchanges.length, 0));
  for (const c of s.cases.filter((c) => c.kind === 'stateful' || c.kind === 'fuzz')) console.log(c.id, c.status, (c.notes ?? []).join('; '));
  for (const c of s.cases.filter((c) => c.status !== 'passed' && c.status !== 'skipped')) console.log(c.id, c.status, c.reason ?? '', JSON.stringify(c.failures.slice(0, 2)).slice(0, 600), c.repro ?? '');
  await mock.close();
}, 120000);
