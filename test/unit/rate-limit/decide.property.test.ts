import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, type SubjectState } from '../../../src/rate-limit/decide.js';
import { windowStart } from '../../../src/rate-limit/windows.js';
import { T0 } from './helpers.js';

/** Gaps between requests: mostly bursts, sometimes seconds, minutes or hours. */
const gap = fc.oneof(
  { weight: 6, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 2_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 1_000, max: 90_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 60_000, max: 8 * 3_600_000 }) },
);

const scenario = fc.record({
  start: fc.integer({ min: T0 - 86_400_000, max: T0 }),
  gaps: fc.array(gap, { minLength: 1, maxLength: 300 }),
  perMinute: fc.integer({ min: 1, max: 8 }),
  perDay: fc.integer({ min: 1, max: 30 }),
  max429PerWindow: fc.integer({ min: 0, max: 4 }),
  banSeconds: fc.integer({ min: 1, max: 1_800 }),
});

describe('decide: properties over any sequence of request times', () => {
  it('never sends a negative Remaining nor allows more than a limit in one window', () => {
    fc.assert(
      fc.property(scenario, ({ start, gaps, perMinute, perDay, max429PerWindow, banSeconds }) => {
        const limits = { perMinute, perDay };
        const policy = { max429PerWindow, banSeconds };
        const allowedPerMinute = new Map<number, number>();
        const allowedPerDay = new Map<number, number>();
        let state: SubjectState | undefined;
        let now = start;
        for (const step of gaps) {
          now += step;
          const result = decide(state, limits, now, policy);
          state = result.state;
          const { decision } = result;
          const remaining = Number(decision.headers['X-RateLimit-Remaining']);
          expect(Number.isInteger(remaining) && remaining >= 0).toBe(true);
          expect(Number(decision.headers['X-RateLimit-Reset']) * 1000).toBeGreaterThan(now);
          if (decision.outcome !== 'allowed') {
            expect(decision.retryAfter).toBeGreaterThanOrEqual(1);
            expect(Number.isInteger(decision.retryAfter)).toBe(true);
          }
          if (decision.outcome === 'limited') {
            expect(remaining).toBe(0);
            const reset = Number(decision.headers['X-RateLimit-Reset']) * 1000;
            expect(decision.retryAfter).toBe(Math.ceil((reset - now) / 1000));
          }
          if (decision.outcome === 'allowed') {
            const minute = windowStart('minute', now);
            const day = windowStart('day', now);
            allowedPerMinute.set(minute, (allowedPerMinute.get(minute) ?? 0) + 1);
            allowedPerDay.set(day, (allowedPerDay.get(day) ?? 0) + 1);
            expect(allowedPerMinute.get(minute)).toBeLessThanOrEqual(perMinute);
            expect(allowedPerDay.get(day)).toBeLessThanOrEqual(perDay);
            expect(state.dayCount).toBe(allowedPerDay.get(day));
          }
          expect(state.minute429).toBeLessThanOrEqual(max429PerWindow);
          expect(state.day429).toBeLessThanOrEqual(max429PerWindow);
        }
      }),
      { numRuns: 300 },
    );
  });
});
