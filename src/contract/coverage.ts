import type { Operation } from '../spec/operation-index.js';
import { documentedStatuses } from './documented-response.js';
import type { CoverageRow } from './events.js';

/** Operations x documented statuses: which documented answers the run received at least once. */
export function coverageRows(operations: readonly Operation[], selected: readonly Operation[], exercised: ReadonlyMap<string, ReadonlySet<string>>): CoverageRow[] {
  return operations
    .filter((o) => selected.includes(o) || exercised.has(o.operationId))
    .map((o) => {
      const documented = documentedStatuses(o);
      const seen = exercised.get(o.operationId) ?? new Set<string>();
      return { operationId: o.operationId, method: o.method.toUpperCase(), path: o.path, documented, exercised: documented.filter((s) => seen.has(s)) };
    });
}
