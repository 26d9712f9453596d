import type { Clock } from '../../core/clock.js';
import type { CaseKind } from '../events.js';

/** `--time-budget`: the generating phases stop once it is spent; the run still reports and may conform. */
export interface GenerationBudget {
  /** Milliseconds left, or undefined without a budget. */
  remainingMs(): number | undefined;
  /** Set once a phase stopped generating because the budget was spent. */
  spent?: string;
}

export const GENERATING_KINDS: readonly CaseKind[] = ['boundary', 'stateful', 'fuzz'];

export function createGenerationBudget(clock: Clock, budgetMs: number | undefined): GenerationBudget {
  const endsAt = budgetMs === undefined ? undefined : clock.now() + budgetMs;
  return { remainingMs: () => (endsAt === undefined ? undefined : Math.max(0, endsAt - clock.now())) };
}

export function budgetSpentReason(budgetMs: number): string {
  return `--time-budget spent (${budgetMs / 1000} s): generation stopped`;
}
