import { describe, expect, it } from 'vitest';
import { secondsUntil, windowEnd, windowStart } from '../../../src/rate-limit/windows.js';

const at = Date.UTC(2026, 2, 10, 23, 59, 29, 400);

describe('fixed UTC windows', () => {
  it('starts the minute at second 0 and ends it at the next minute', () => {
    expect(windowStart('minute', at)).toBe(Date.UTC(2026, 2, 10, 23, 59, 0));
    expect(windowEnd('minute', at)).toBe(Date.UTC(2026, 2, 11, 0, 0, 0));
  });

  it('starts the day at 00:00:00 UTC and ends it at the next midnight', () => {
    expect(windowStart('day', at)).toBe(Date.UTC(2026, 2, 10));
    expect(windowEnd('day', at)).toBe(Date.UTC(2026, 2, 11));
  });

  it('puts a boundary instant in the window it opens', () => {
    const midnight = Date.UTC(2026, 2, 11);
    expect(windowStart('minute', midnight)).toBe(midnight);
    expect(windowStart('day', midnight)).toBe(midnight);
    expect(windowEnd('day', midnight - 1)).toBe(midnight);
  });

  it('rounds seconds up and never answers less than 1', () => {
    expect(secondsUntil(60_000, 29_000)).toBe(31);
    expect(secondsUntil(60_000, 29_001)).toBe(31);
    expect(secondsUntil(60_000, 58_999)).toBe(2);
    expect(secondsUntil(60_000, 59_999)).toBe(1);
    expect(secondsUntil(60_000, 60_000)).toBe(1);
  });
});
