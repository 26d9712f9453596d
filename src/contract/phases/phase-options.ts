import { ContractRunError } from '../contract-error.js';

/** The runner's phases (INTERFACE section 11), in the order a run takes them. */
export const PHASE_NAMES = ['examples', 'negative', 'boundary', 'stateful', 'fuzz'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];
export const DEFAULT_PHASES: readonly PhaseName[] = ['examples', 'negative', 'boundary'];
export const DEFAULT_MAX_EXAMPLES = 50;

export interface PhaseOptionsInput {
  phases?: readonly string[];
  seed?: number;
  maxExamples?: number;
  timeBudgetSeconds?: number;
}

export interface PhaseOptions {
  phases: readonly PhaseName[];
  seed: number | undefined;
  maxExamples: number;
  timeBudgetMs: number | undefined;
}

/** `--phases` (comma-separated or repeated), `--seed`, `--max-examples`, `--time-budget`, checked once at the edge. */
export function normalizePhaseOptions(input: PhaseOptionsInput): PhaseOptions {
  const raw = (input.phases ?? []).flatMap((p) => p.split(',')).map((p) => p.trim()).filter((p) => p !== '');
  for (const phase of raw) {
    if (!(PHASE_NAMES as readonly string[]).includes(phase)) throw new ContractRunError(`--phases must name phases among ${PHASE_NAMES.join(', ')} (got '${phase}')`);
  }
  const chosen = raw.length > 0 ? raw : DEFAULT_PHASES;
  const phases = PHASE_NAMES.filter((p) => chosen.includes(p));
  const seed = input.seed;
  if (seed !== undefined && (!Number.isSafeInteger(seed) || seed < 0 || seed > 0x7fffffff)) {
    throw new ContractRunError(`--seed must be a whole number from 0 to 2147483647 (got '${String(seed)}')`);
  }
  const maxExamples = input.maxExamples ?? DEFAULT_MAX_EXAMPLES;
  if (!Number.isSafeInteger(maxExamples) || maxExamples < 1) throw new ContractRunError(`--max-examples must be a whole number >= 1 (got '${String(maxExamples)}')`);
  const budget = input.timeBudgetSeconds;
  if (budget !== undefined && (typeof budget !== 'number' || !Number.isFinite(budget) || budget <= 0)) {
    throw new ContractRunError(`--time-budget must be a number of seconds > 0 (got '${String(budget)}')`);
  }
  return { phases, seed, maxExamples, timeBudgetMs: budget === undefined ? undefined : budget * 1000 };
}

/** The seed of one case, from the run's seed and the case id: `--operation X --seed N` replays X's case alone. */
export function caseSeed(runSeed: number, caseId: string): number {
  let hash = runSeed ^ 0x811c9dc5;
  for (let i = 0; i < caseId.length; i += 1) hash = Math.imul(hash ^ caseId.charCodeAt(i), 0x01000193);
  return hash >>> 1;
}
