/**
 * A list envelope the resource model cannot read (issue 20, class 8: optimade.local): its answer
 * keeps to the document, and the runner against it finds nothing. The built CLI's mock and
 * runner as real processes; needs `npm run build` first.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../src/contract/events.js';
import { runContract } from '../helpers/contract-cli.js';
import { useMockFor } from '../helpers/mock-for-suite.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/status/unreadable-envelope.yaml', import.meta.url));
const mock = useMockFor(DOCUMENT);

const distinct = (items: unknown[]) => new Set(items.map((i) => JSON.stringify(i))).size;

describe('a list whose data the model cannot read', () => {
  it('answers arrays with uniqueItems without a repeated item, and no record in errors (was five identical {links, meta})', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${mock.url}/references`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { data: unknown[]; errors?: unknown[] };
      expect(body.data.length).toBeGreaterThanOrEqual(1);
      expect(distinct(body.data)).toBe(body.data.length);
      if (body.errors) expect(distinct(body.errors)).toBe(body.errors.length);
    }
  });

  it('leaves the runner nothing to report', async () => {
    const out = await mkdtemp(join(tmpdir(), 'unreadable-envelope-'));
    try {
      const run = await runContract(['--base-url', mock.url, '--spec', DOCUMENT, '--api-key', 'some-key', '--seed', '1', '--reporter', 'json', '--out', out]);
      const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as RunSummary;
      expect(report.cases.filter((c) => c.status === 'failed' || c.status === 'error').map((c) => `${c.id}: ${c.failures?.map((f) => f.message).join('; ')}`)).toEqual([]);
      expect(run.code).toBe(0);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 240_000);
});
