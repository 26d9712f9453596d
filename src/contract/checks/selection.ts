import type { CaseResult } from '../events.js';

/**
 * A case result with only the failures of the checks the run reports (`--checks`,
 * `--exclude-checks`): a case failed by excluded checks alone passes, or is an error where it has
 * a reason. A failure named by no check of the registry is kept: nothing is hidden by a name slip.
 */
export function withSelectedChecks(result: CaseResult, checks: ReadonlySet<string>, known: ReadonlySet<string>): CaseResult {
  const failures = result.failures.filter((f) => checks.has(f.check) || !known.has(f.check));
  if (failures.length === result.failures.length) return result;
  const status = result.status === 'failed' && failures.length === 0 ? (result.reason ? 'error' : 'passed') : result.status;
  return { ...result, failures, status };
}
