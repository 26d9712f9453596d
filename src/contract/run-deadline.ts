import type { Clock } from '../core/clock.js';

/**
 * The whole run's time limit (`--max-duration`), read from the run's clock. Cases not started by
 * then are reported as not run; a request in flight is cut at the deadline.
 */
export interface RunDeadline {
  readonly maxMs: number;
  remainingMs(): number;
}

export function createRunDeadline(clock: Clock, maxMs: number): RunDeadline {
  const endsAt = clock.now() + maxMs;
  return { maxMs, remainingMs: () => endsAt - clock.now() };
}

/** The reason given to every case the deadline kept from running. */
export function notRunReason(maxMs: number): string {
  return `not run: --max-duration reached (${maxMs / 1000} s)`;
}
