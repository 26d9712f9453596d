import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/http/start-mock.js';

const SCRIPT = fileURLToPath(new URL('../../mocks/scenarios/rate-limit-and-ban.sh', import.meta.url));
let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ quiet: true });
});
afterAll(() => mock.close());

describe('the QA worked example of the README (mocks/scenarios/rate-limit-and-ban.sh)', () => {
  it('really runs: 429 with Retry-After 60, then a 15-minute ban, then 200 after the clock moves', async () => {
    const { stdout } = await promisify(execFile)('bash', [SCRIPT], { env: { ...process.env, BASE_URL: mock.url } });
    const blocks = stdout.split('--- ').slice(1);
    expect(blocks[1]).toMatch(/HTTP\/1\.1 429[\s\S]*x-ratelimit-remaining: 0[\s\S]*retry-after: 60/i);
    expect(blocks[2]).toMatch(/HTTP\/1\.1 403[\s\S]*retry-after: 900/i);
    expect(blocks[3]).toMatch(/HTTP\/1\.1 200[\s\S]*x-ratelimit-remaining: 59/i);
  });
});
