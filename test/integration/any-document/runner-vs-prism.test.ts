import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RunSummary } from '../../../src/contract/events.js';
import { runContract } from '../../../src/contract/run-contract.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const PRISM = `${ROOT}node_modules/@stoplight/prism-cli/dist/index.js`;
const FIXTURES = `${ROOT}test/fixtures/`;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Prism's mock of `document` (as bench/run.mjs starts it), resolved once it says it listens. */
async function startPrism(document: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [PRISM, 'mock', document, '-p', String(port), '-h', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Prism is listening')) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`Prism exited ${code} before listening:\n${output.slice(-2000)}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child };
}

/**
 * The runner against another implementation's mock: Prism answers from examples and keeps no
 * state, so cases may fail (exit 1), but the run must be made (never exit 2) and nothing crash.
 */
describe("the runner against Prism's mock of corpus documents", () => {
  for (const document of ['documents/swagger2-petstore-expanded/swagger.yaml', 'documents/museum/openapi.yaml', 'documents/redocly-cafe/openapi.yaml']) {
    it(`${document}: the run completes with a summary (exit 0 or 1)`, async () => {
      const prism = await startPrism(FIXTURES + document);
      try {
        const summary: RunSummary = await runContract(
          // Prism serves the paths at its root, not under the document's basePath (/api here).
          { baseUrl: prism.url, pathsAtRoot: true, spec: FIXTURES + document, apiKey: 'demo-pro', authBasic: 'user:demo-pro', maxDurationSeconds: 60, timeoutSeconds: 5 },
          { sleep: async () => {} },
        );
        const { cases, passed, failed, skipped, errors } = summary.totals;
        expect(cases).toBeGreaterThan(0);
        expect(passed + failed + skipped + errors).toBe(cases);
        // Prism answers from the document, so most of what the runner checks holds.
        expect(passed).toBeGreaterThan(0);
      } finally {
        prism.child.kill();
        await once(prism.child, 'exit');
      }
    }, 60_000);
  }
});
