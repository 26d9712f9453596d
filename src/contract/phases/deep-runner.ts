import type { CaseRun } from '../case-run.js';
import type { CaseKind } from '../events.js';
import { runFuzzCase } from './fuzz-phase.js';
import { runStatefulCase } from './stateful-phase.js';
import { statefulModelOf } from './stateful-models.js';

/** How a case of a generating phase runs; `setUp` creates its fixtures and prerequisites. */
export type DeepRunner = (run: CaseRun, setUp: () => Promise<void>) => Promise<undefined>;

/** The runner of a case kind that generates its requests at run time, if it is one. */
export function deepRunner(kind: CaseKind): DeepRunner | undefined {
  if (kind === 'fuzz') return async (run, setUp) => void (await runFuzzCase(run, setUp, run.planned.id.endsWith('/valid') ? 'valid' : 'broken'));
  if (kind === 'stateful') return async (run, setUp) => void (await (statefulModelOf(run.planned.id)?.run ?? runStatefulCase)(run, setUp));
  return undefined;
}
