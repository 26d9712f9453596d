import type { CoverageRow, RunSummary } from '../contract/events.js';
import type { RunningProxy } from './proxy-server.js';

/**
 * What the proxy saw, in the runner's report model, so the runner's reporters (console, JSON,
 * JUnit, HTML) write the proxy's reports: each proxied exchange is one case, passed or failed.
 */
export function proxySummary(proxy: RunningProxy, now: number): RunSummary {
  const cases = proxy.log.heldCases();
  const exercised = new Map<string, Set<string>>();
  for (const c of cases) {
    const statuses = exercised.get(c.operationId) ?? new Set<string>();
    for (const e of c.exchanges) statuses.add(String(e.response.status));
    exercised.set(c.operationId, statuses);
  }
  const coverage: CoverageRow[] = proxy.index.operations.map((op) => {
    const documented = Object.keys(op.responses);
    const seen = exercised.get(op.operationId) ?? new Set<string>();
    return { operationId: op.operationId, method: op.method.toUpperCase(), path: op.path, documented, exercised: documented.filter((s) => seen.has(s)) };
  });
  const first = cases[0];
  if (first && proxy.log.dropped > 0) first.notes = [...(first.notes ?? []), `${proxy.log.dropped} older exchanges are counted in the totals but not listed`];
  return {
    baseUrl: proxy.upstream,
    specFile: proxy.specFile,
    startedAt: new Date(proxy.startedAt).toISOString(),
    durationMs: now - proxy.startedAt,
    totals: { cases: proxy.log.exchanges, passed: proxy.log.exchanges - proxy.log.violating, failed: proxy.log.violating, skipped: 0, errors: 0 },
    cases,
    coverage,
    waitedMs: 0,
  };
}
