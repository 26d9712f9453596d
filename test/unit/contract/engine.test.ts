import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/core/clock.js';
import { WRONG_CREDENTIAL } from '../../../src/contract/checks/ignored-auth-credential.js';
import { ContractRunError } from '../../../src/contract/contract-error.js';
import type { RunEvent } from '../../../src/contract/events.js';
import { runContract } from '../../../src/contract/run-contract.js';
import { CATEGORY_OPERATIONS, createFakeCategoriesApi, type FakeApiDefects } from '../../helpers/contract-fake-api.js';
import { NOW } from '../../helpers/contract-exchange.js';

// The fake API holds nothing but what the run makes: --allow-destructive lets the unknown-id cases reach it.
async function run(defects: FakeApiDefects = {}, options: { maxWaitSeconds?: number } = {}) {
  const clock = new ManualClock(NOW);
  const api = createFakeCategoriesApi(clock, defects);
  const events: RunEvent[] = [];
  const slept: number[] = [];
  const summary = await runContract(
    { baseUrl: 'http://fake.test', apiKey: 'rw', readonlyKey: 'ro', operations: CATEGORY_OPERATIONS, phases: ['examples', 'negative'], allowDestructive: true, ...options },
    { fetch: api.fetch, clock, sleep: async (ms) => void slept.push(ms), onEvent: (e) => void events.push(e) },
  );
  return { summary, events, api, slept };
}

describe('the engine against a conforming (fake) API', () => {
  it('passes every case and leaves the store as it found it', async () => {
    const { summary, api } = await run();
    const notPassed = summary.cases.filter((c) => c.status !== 'passed').map((c) => [c.id, c.reason, c.failures]);
    expect(notPassed).toEqual([]);
    // 33 cases, one unsupported-method case for each of its two paths, the list walk of its list (decision 069) and a wrong credential (decision 085).
    expect(summary.totals).toEqual({ cases: 37, passed: 37, failed: 0, skipped: 0, errors: 0 });
    expect(api.store.size).toBe(0);
  });

  it('emits run-started, each case started then finished, and run-finished', async () => {
    const { events, summary } = await run();
    expect(events[0]).toMatchObject({ type: 'run-started', baseUrl: 'http://fake.test', plannedCases: 37, startedAt: '2026-11-22T15:00:20.000Z' });
    expect(events.at(-1)).toEqual({ type: 'run-finished', summary });
    const middle = events.slice(1, -1).map((e) => e.type);
    expect(middle).toEqual(summary.cases.flatMap(() => ['case-started', 'case-finished']));
  });

  it('records a create, then the GET of its Location, then the cleanup', async () => {
    const { summary } = await run();
    const created = summary.cases.find((c) => c.id === 'createCategory/positive/example:fish')!;
    expect(created.exchanges.map((x) => `${x.request.method} ${x.operationId} ${x.response.status}`)).toEqual([
      'POST createCategory 201',
      'GET getCategoryById 200',
      'DELETE deleteCategory 204',
    ]);
  });

  it('creates the fixture first, reads it, and deletes it after', async () => {
    const { summary } = await run();
    const get = summary.cases.find((c) => c.id === 'getCategoryById/positive/plain')!;
    const location = get.exchanges[0]!.response.headers['location'];
    expect(location).toMatch(/^\/categories\/\d+$/);
    expect(get.exchanges.map((x) => `${x.request.method} ${new URL(x.request.url).pathname} ${x.response.status}`)).toEqual([
      'POST /categories 201',
      `GET ${location} 200`,
      `DELETE ${location} 204`,
    ]);
    expect(get.exchanges.map((x) => x.operationId)).toEqual(['createCategory', 'getCategoryById', 'deleteCategory']);
  });

  it('never records the keys in clear', async () => {
    const { summary } = await run();
    const headers = summary.cases.flatMap((c) => c.exchanges.map((x) => x.request.headers['X-API-Key']));
    // The wrong credential of ignored_auth (decision 085) is the kit's own constant, no secret: it is kept as sent.
    expect(new Set(headers)).toEqual(new Set(['…', undefined, WRONG_CREDENTIAL]));
  });

  it('reports coverage of documented statuses per operation', async () => {
    const { summary } = await run();
    expect(summary.coverage.find((r) => r.operationId === 'deleteCategory')).toEqual({
      operationId: 'deleteCategory',
      method: 'DELETE',
      path: '/categories/{categoryId}',
      documented: ['204', '400', '401', '403', '404', '409', '429', '500'],
      exercised: ['204', '400', '401', '403', '404'],
    });
  });
});

describe('the engine against a defective API', () => {
  it('fails the state case when DELETE answers 204 but keeps the record', async () => {
    const { summary } = await run({ deleteDoesNothing: true });
    const deleted = summary.cases.find((c) => c.id === 'deleteCategory/state/deleted-reads-404')!;
    expect(deleted.status).toBe('failed');
    expect(deleted.failures.map((f) => f.check)).toEqual(['use_after_free']);
  });
});

describe('the polite client in a run', () => {
  it('waits Retry-After on a 429 it did not aim for, reports the wait, and the case passes', async () => {
    const { summary, events, slept } = await run({ limitOnce: { 'GET /categories': 7 } });
    const listed = summary.cases.find((c) => c.id === 'listCategories/positive/plain')!;
    expect(listed.status).toBe('passed');
    expect(listed.waitedMs).toBe(7000);
    expect(listed.exchanges.map((x) => x.response.status)).toEqual([429, 200]);
    expect(summary.waitedMs).toBe(7000);
    expect(slept).toEqual([7000]);
    expect(events.filter((e) => e.type === 'waiting')).toEqual([
      { type: 'waiting', caseId: 'listCategories/positive/plain', ms: 7000, reason: 'GET /categories answered 429 with Retry-After 7 s; waiting 7 s before retry 1' },
    ]);
  });

  it('makes the case an error when the wait would exceed --max-wait', async () => {
    const { summary, slept } = await run({ limitOnce: { 'GET /categories': 30 } }, { maxWaitSeconds: 10 });
    const listed = summary.cases.find((c) => c.id === 'listCategories/positive/plain')!;
    expect(listed.status).toBe('error');
    expect(listed.reason).toMatch(/waiting 30 s more would exceed --max-wait 10 s/);
    expect(slept).toEqual([]);
  });
});

describe('a run that cannot be made', () => {
  it('rejects with ContractRunError naming the unreachable target', async () => {
    const refused = async () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) });
    };
    const events: RunEvent[] = [];
    const error = await runContract({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k' }, { fetch: refused, onEvent: (e) => void events.push(e) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractRunError);
    expect((error as Error).message).toBe('cannot reach http://127.0.0.1:9 (ECONNREFUSED)');
    expect(events).toEqual([]);
  });

  it('rejects an unreadable document', async () => {
    await expect(runContract({ baseUrl: 'http://x.test', apiKey: 'k', spec: '/nonexistent/spec.yaml' })).rejects.toThrow(/\/nonexistent\/spec.yaml: cannot be read \(ENOENT\)/);
  });
});
