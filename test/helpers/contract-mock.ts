import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startMock, type RunningMock } from '../../src/http/start-mock.js';
import type { RunSummary } from '../../src/contract/events.js';

/** Every case that did not pass, with its reason and failures, for an assertion message a person can act on. */
export function notPassed(summary: RunSummary): { id: string; status: string; reason?: string; failures: string[] }[] {
  return summary.cases
    .filter((c) => c.status === 'failed' || c.status === 'error')
    .map((c) => ({
      id: c.id,
      status: c.status,
      ...(c.reason ? { reason: c.reason } : {}),
      failures: c.failures.map((f) => `${f.check}: ${f.message}${f.expected !== undefined ? ` (expected ${f.expected}, got ${f.actual ?? '?'})` : ''}`),
    }));
}

/** The checks that failed in a run, each once. */
export function failedChecks(summary: RunSummary): string[] {
  return [...new Set(summary.cases.flatMap((c) => c.failures.map((f) => f.check)))].sort();
}

/**
 * A real mock for one test file, reset before each test so one test's records, counters and bans
 * cannot spill into the next (the runner and the proxy know nothing of /__admin; only the test does).
 */
export function useResetMock(): RunningMock {
  const handle = {} as RunningMock;
  beforeAll(async () => {
    Object.assign(handle, await startMock({ quiet: true }));
  });
  afterAll(async () => {
    await handle.close?.();
  });
  beforeEach(async () => {
    await handle.admin.reset();
  });
  return handle;
}
