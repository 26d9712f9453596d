import { expect } from 'vitest';
import type { ManualClock } from '../../src/core/clock.js';

/**
 * Sends a request, and checks that its answer waits for the clock: not there 1 ms before `ms`
 * have passed on it, there once they have. Nothing sleeps: the test moves the clock.
 */
export async function expectHeldFor(clock: ManualClock, ms: number, send: () => Promise<Response>): Promise<Response> {
  let answered = false;
  const pending = send().then((res) => ((answered = true), res));
  await clock.sleeping();
  clock.advance((ms - 1) / 1000);
  expect(clock.waiting).toBe(1);
  expect(answered).toBe(false);
  clock.advance(0.001);
  return pending;
}
