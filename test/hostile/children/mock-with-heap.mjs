// A mock in a process of its own (run with --expose-gc), for tests that measure its memory.
// Prints `{"port": N}` on stdout once listening; on each line "heap" read from stdin, runs a full
// GC and prints `{"heap": bytes}`. Built code (dist/), like the CLI tests.
import { createInterface } from 'node:readline';

const { startMock } = await import(new URL('../../../dist/http/start-mock.js', import.meta.url).href);
const { parseKeyConfig } = await import(new URL('../../../dist/rate-limit/key-config.js', import.meta.url).href);

const config = parseKeyConfig(JSON.parse(process.argv[2] ?? '{}'), 'memory-test-config.json');
const mock = await startMock({ port: 0, config });
process.stdout.write(`${JSON.stringify({ port: mock.port })}\n`);

const settledHeap = () => {
  for (let i = 0; i < 3; i++) globalThis.gc();
  return process.memoryUsage().heapUsed;
};
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'heap') process.stdout.write(`${JSON.stringify({ heap: settledHeap() })}\n`);
});
process.stdin.on('end', () => mock.close().then(() => process.exit(0)));
