/**
 * Issue 12's "done when", tried as a new user would: three mock processes on one Redis behind a
 * round-robin balancer, and the README's QA scenario (mocks/scenarios/rate-limit-and-ban.sh) run
 * through it unchanged, so its requests (and its admin calls) are spread across all three.
 * Needs `npm run build` (the processes run the built CLI).
 */
import { execFile } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockProcess, type MockProcess } from '../helpers/mock-processes.js';
import { startTestRedis, type TestRedis } from '../helpers/redis-server.js';

const SCRIPT = fileURLToPath(new URL('../../mocks/scenarios/rate-limit-and-ban.sh', import.meta.url));
let redis: TestRedis;
let mocks: MockProcess[] = [];
let balancer: Server;
let balancerUrl: string;
const served: number[] = [0, 0, 0];

/** Each request to the next process in turn, as a load balancer without affinity does. */
function roundRobin(targets: string[]): Server {
  let next = 0;
  return createServer((req, res) => {
    const i = next++ % targets.length;
    served[i]!++;
    const upstream = request(targets[i] + req.url!, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
}

beforeAll(async () => {
  redis = await startTestRedis({ own: true });
  mocks = await Promise.all([0, 1, 2].map(() => startMockProcess(['--store', redis.url])));
  balancer = roundRobin(mocks.map((m) => m.url));
  await new Promise<void>((resolve) => balancer.listen(0, '127.0.0.1', resolve));
  balancerUrl = `http://127.0.0.1:${(balancer.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((r) => balancer?.close(r));
  await Promise.all(mocks.map((m) => m.stop()));
  await redis?.stop();
});

describe('the QA scenario of the README through three processes on one Redis', () => {
  it('gives 429 on the 61st request, then the ban, then 200 after the clock moves, wherever each request lands', async () => {
    const { stdout } = await promisify(execFile)('bash', [SCRIPT], { env: { ...process.env, BASE_URL: balancerUrl } });
    const blocks = stdout.split('--- ').slice(1);
    expect(blocks[1]).toMatch(/HTTP\/1\.1 429[\s\S]*x-ratelimit-remaining: 0[\s\S]*retry-after: 60/i);
    expect(blocks[2]).toMatch(/HTTP\/1\.1 403[\s\S]*retry-after: 900/i);
    expect(blocks[3]).toMatch(/HTTP\/1\.1 200[\s\S]*x-ratelimit-remaining: 59/i);
    // 2 admin calls, 60 + 1 + 10 + 1 requests, 1 more admin call, 1 request: spread evenly.
    expect(served.reduce((a, b) => a + b)).toBe(76);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(25);
    for (const mock of mocks) expect(mock.child.exitCode).toBeNull();
  }, 60_000);
});
