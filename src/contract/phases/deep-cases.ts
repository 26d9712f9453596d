import type { Operation } from '../../spec/operation-index.js';
import type { PlannedCase, Planner } from '../planner.js';
import { boundaryCases } from './boundary-cases.js';
import type { PhaseName } from './phase-options.js';

/** The cases of the deep phases, phase by phase, after the examples and negative cases. */
export function deepCases(planner: Planner, selected: readonly Operation[], phases: readonly PhaseName[]): PlannedCase[] {
  const cases: PlannedCase[] = [];
  if (phases.includes('boundary')) for (const operation of selected) cases.push(...boundaryCases(planner, operation));
  return cases;
}
