import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { runContractCli } from '../../../src/cli/contract-command.js';
import { ManualClock } from '../../../src/core/clock.js';
import type { Reporter, RunEvent } from '../../../src/contract/events.js';
import { NOW } from '../../helpers/contract-exchange.js';
import { CATEGORY_OPERATIONS, createFakeCategoriesApi, type FakeApiDefects } from '../../helpers/contract-fake-api.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const operations = [...(CATEGORY_OPERATIONS.flatMap((id) => ['--operation', id])), '--phases', 'examples,negative']; // the fake API checks no bounds: the cases of section 9 only
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function cli(argv: string[], defects: FakeApiDefects = {}) {
  const clock = new ManualClock(NOW);
  const api = createFakeCategoriesApi(clock, defects);
  const stdout = capture();
  const stderr = capture();
  const events: RunEvent[] = [];
  const fakeReporter: Reporter = { name: 'fake', onEvent: (e) => void events.push(e) };
  const code = await runContractCli(argv, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    createReporters: (names) => (names.includes('console') ? [fakeReporter] : []),
    deps: { fetch: api.fetch, clock, sleep: async () => {} },
  });
  return { code, stdout: stdout.text(), stderr: stderr.text(), events };
}

describe('petstore-kit contract', () => {
  it('exits 0 when every case conforms, feeding the reporters the event stream', async () => {
    const result = await cli(['--base-url', 'http://fake.test', '--api-key', 'rw', ...operations]);
    expect([result.code, result.stderr]).toEqual([0, '']);
    expect(result.events[0]!.type).toBe('run-started');
    expect(result.events.at(-1)!.type).toBe('run-finished');
  });

  it('exits 1 when a case does not conform', async () => {
    const result = await cli(['--base-url', 'http://fake.test', '--api-key', 'rw', ...operations], { deleteDoesNothing: true });
    expect(result.code).toBe(1);
  });

  it('writes the report files the real reporters make', async () => {
    const out = await mkdtemp(join(tmpdir(), 'contract-cli-'));
    dirs.push(out);
    const clock = new ManualClock(NOW);
    const api = createFakeCategoriesApi(clock);
    const stdout = capture();
    const code = await runContractCli(['--base-url', 'http://fake.test', '--api-key', 'rw', ...operations, '--reporter', 'json', '--reporter', 'console', '--out', out], {
      stdout: stdout.stream,
      deps: { fetch: api.fetch, clock, sleep: async () => {} },
    });
    expect(code).toBe(0);
    const report = JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as { totals: unknown };
    // The 4 cases on unknown and malformed category ids (PUT, DELETE), and the undocumented PUT on
    // the collection, are not sent without --allow-destructive; the undocumented POST on the run's
    // own category is, and answers 405. The list walk of its list is one more (decision 069), and the
    // wrong credential of ignored_auth another (decision 085).
    expect(report.totals).toEqual({ cases: 34, passed: 29, failed: 0, skipped: 5, errors: 0 });
    expect(stdout.text()).toContain('createCategory');
  });

  it.each([
    [['--api-key', 'rw'], 'petstore-kit contract: --base-url is required (see --help)\n'],
    [['--base-url', 'http://fake.test', '--api-key', 'rw', '--bogus'], "petstore-kit contract: Unknown option '--bogus' (see --help)\n"],
    [['--base-url', 'http://fake.test', '--api-key', 'rw', '--spec', '/nonexistent.yaml'], 'petstore-kit contract: /nonexistent.yaml: cannot be read (ENOENT)\n'],
    [['--base-url', 'http://fake.test', '--api-key', 'rw', '--operation', 'nope'], expect.stringMatching(/^petstore-kit contract: --operation nope: no such operationId in the document \(it has listPets, .*\)\n$/)],
  ])('exits 2 with one line on stderr for %j', async (argv, message) => {
    const result = await cli(argv);
    expect([result.code, result.stderr]).toEqual([2, message]);
  });

  it('exits 2 when the target cannot be reached', async () => {
    const port = await closedPort();
    const stderr = capture();
    const code = await runContractCli(['--base-url', `http://127.0.0.1:${port}`, '--api-key', 'k'], { stderr: stderr.stream, createReporters: () => [] });
    expect(code).toBe(2);
    expect(stderr.text()).toBe(`petstore-kit contract: cannot reach http://127.0.0.1:${port} (ECONNREFUSED)\n`);
  });

  it('says so when fetch refuses the port (port 9 is a "bad port" of the Fetch standard)', async () => {
    const stderr = capture();
    const code = await runContractCli(['--base-url', 'http://127.0.0.1:9', '--api-key', 'k'], { stderr: stderr.stream, createReporters: () => [] });
    expect(code).toBe(2);
    expect(stderr.text()).toBe('petstore-kit contract: cannot reach http://127.0.0.1:9 (fetch refuses port 9, a "bad port" of the Fetch standard)\n');
  });

  it('prints usage for --help and exits 0', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('usage: petstore-kit contract --base-url URL --api-key KEY');
    expect(result.stdout).toContain('--include-rate-limit');
  });
});
