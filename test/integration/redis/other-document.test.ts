/**
 * Two documents on one Redis prefix: the second mock to start says so (docs/decisions/027-watch.md,
 * src/http/document-claim.ts). Needs `npm run build`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockProcess, type MockProcess } from '../../helpers/mock-processes.js';
import { startTestRedis, type TestRedis } from '../../helpers/redis-server.js';

const MUSEUM = new URL('../../fixtures/documents/museum/openapi.yaml', import.meta.url).pathname;
let redis: TestRedis;
const started: MockProcess[] = [];
beforeAll(async () => {
  redis = await startTestRedis();
}, 60_000);
afterAll(async () => {
  await Promise.all(started.map((m) => m.stop()));
  await redis?.stop();
});

/** Starts a mock on the test Redis and waits for it to stop writing its start-up (the banner is on stdout, warnings on stderr). */
async function start(prefix: string, args: string[] = []): Promise<MockProcess> {
  const mock = await startMockProcess([...args, '--store', redis.url, '--store-prefix', prefix]);
  started.push(mock);
  // Warnings are written before the banner; a call answered proves start-up is over.
  await (await fetch(`${mock.url}/__admin/operations`)).arrayBuffer();
  return mock;
}

describe('documents sharing one Redis prefix', () => {
  it('warns at start when the prefix was last used by another document, naming it and --store-prefix', async () => {
    const prefix = `docs-${process.pid}:`;
    const museum = await start(prefix, ['--spec', MUSEUM]);
    expect(museum.stderr()).not.toContain('another document');
    const petstore = await start(prefix);
    await waitFor(() => petstore.stderr().includes('another document'), petstore);
    expect(petstore.stderr()).toMatch(/last used by another document \(Redocly Museum API 1\.\d+\.\d+, openapi\.yaml\)/);
    expect(petstore.stderr()).toContain('--store-prefix');
  });

  it('says nothing when every process serves the same document, nor on a prefix of its own', async () => {
    const prefix = `same-${process.pid}:`;
    const first = await start(prefix, ['--spec', MUSEUM]);
    const second = await start(prefix, ['--spec', MUSEUM]);
    const own = await start(`own-${process.pid}:`);
    for (const mock of [first, second, own]) expect(mock.stderr()).not.toContain('another document');
  });
});

/** Resolves once `done()` holds, checked on each chunk the process writes to stderr (no timers). */
function waitFor(done: () => boolean, mock: MockProcess): Promise<void> {
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (!done()) return;
      mock.child.stderr!.off('data', check);
      resolve();
    };
    mock.child.stderr!.on('data', check);
  });
}
