import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./children/mock-with-heap.mjs', import.meta.url));
const KEY = 'journal-memory-key-0123456789';
const MiB = 1024 * 1024;
const SESSIONS = 10;
/** Enough to fill every session's journal (1,000 entries each) well past the first measurement. */
const MORE = 12_000;

/** The mock in a child process with --expose-gc, so its heap is measured apart from the test's. */
class MockChild {
  private readonly lines: AsyncIterator<string>;
  constructor(readonly child: ChildProcessWithoutNullStreams) {
    this.lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  }
  async next(): Promise<Record<string, number>> {
    const { value, done } = await this.lines.next();
    if (done) throw new Error(`the mock exited: ${this.child.exitCode}`);
    return JSON.parse(value as string) as Record<string, number>;
  }
  async heap(): Promise<number> {
    this.child.stdin.write('heap\n');
    return (await this.next()).heap!;
  }
}

let mock: MockChild;
let port: number;
const agent = new Agent({ keepAlive: true, maxSockets: 16 });

beforeAll(async () => {
  const config = { keys: [{ key: KEY, plan: 'Enterprise', perMinute: 100_000_000, perDay: 100_000_000 }] };
  mock = new MockChild(spawn(process.execPath, ['--expose-gc', CHILD, JSON.stringify(config)]));
  port = (await mock.next()).port!;
});
afterAll(() => {
  agent.destroy();
  mock?.child.stdin.end();
});

/** GET /store/inventory/1 (a path long enough for V8 to slice rather than copy) with an 8 KB query string, answered before it resolves. */
function longQuery(i: number): Promise<number> {
  const path = `/store/inventory/1?filler=${String(i).padStart(8, '0')}${'q'.repeat(8 * 1024)}`;
  const headers = { 'X-API-Key': KEY, 'X-Mock-Session': `memory-${i % SESSIONS}` };
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path, headers, agent }, (res) => {
      res.resume().on('end', () => resolve(res.statusCode!));
    }).on('error', reject).end();
  });
}

async function send(from: number, count: number): Promise<void> {
  let next = from;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < from + count) {
        const status = await longQuery(next++);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  expect([...statuses]).toEqual([[200, count]]);
}

describe('the journal under long query strings', () => {
  it('keeps its memory flat: each entry holds its own short path, not the 8 KB request line', async () => {
    await send(0, 1_000);
    const before = await mock.heap();
    await send(1_000, MORE);
    const after = await mock.heap();
    // Without copies, every journaled path kept its 8 KB request line: about 80 MB here.
    // With them an entry is some 150 bytes, and the 10 journals grow by at most 9,000 entries.
    expect((after - before) / MiB, `heap ${Math.round(before / MiB)} MB -> ${Math.round(after / MiB)} MB`).toBeLessThan(4);
    const journal = await fetch(`http://127.0.0.1:${port}/__admin/requests`, { headers: { 'X-Mock-Session': 'memory-3' } });
    const entries = (await journal.json()) as { path: string }[];
    expect(entries).toHaveLength(1_000);
    expect(entries.every((e) => e.path === '/store/inventory/1')).toBe(true);
  }, 60_000);
});
