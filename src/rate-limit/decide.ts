/**
 * The rate limiter as one pure function of (state, limits, now, policy): INTERFACE.md section 5.
 * The Map that holds each subject's state lives one layer out (memory-rate-limit-store.ts).
 */
import { rateLimitHeaders } from './rate-limit-headers.js';
import type { BanPolicy, Decision, Limits } from './types.js';
import { DAY_MS, MINUTE_MS, secondsUntil } from './windows.js';

/** What the limiter remembers about one subject (`key:<api key>` or `addr:<address>`). */
export interface SubjectState {
  /** Epoch ms at which the minute window these counts belong to began. */
  readonly minuteStart: number;
  /** Requests counted in that minute window. */
  readonly minuteCount: number;
  /** Answers of 429 given in that minute window because the minute limit was exceeded. */
  readonly minute429: number;
  /** Epoch ms at which the day window these counts belong to began. */
  readonly dayStart: number;
  readonly dayCount: number;
  /** Answers of 429 given in that day window because the day limit was exceeded. */
  readonly day429: number;
  /** Epoch ms at which the ban ends; null when never banned or the ban was lifted. */
  readonly bannedUntil: number | null;
}

/** A subject with no requests, no 429s and no ban; its windows match no real instant. */
export const EMPTY_SUBJECT_STATE: SubjectState = Object.freeze({
  minuteStart: -Infinity,
  minuteCount: 0,
  minute429: 0,
  dayStart: -Infinity,
  dayCount: 0,
  day429: 0,
  bannedUntil: null,
});

export interface DecideResult {
  state: SubjectState;
  decision: Decision;
}

/**
 * Decides one request and returns the subject's next state.
 * - banned (bannedUntil > now): `banned` until the ban ends; not counted;
 * - over a limit (the count already equals it): `limited`, reporting the exceeded window that
 *   resets later, with Retry-After to its end; not counted; the 429 is counted in every exceeded
 *   window;
 * - over a limit, and an exceeded window already gave `policy.max429PerWindow` 429s: banned for
 *   `policy.banSeconds` from now;
 * - otherwise `allowed`, counted in both windows (whatever the answer of the API turns out to be).
 */
export function decide(
  state: SubjectState | undefined,
  limits: Limits,
  now: number,
  policy: BanPolicy,
): DecideResult {
  const minuteStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
  const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
  const minuteEnd = minuteStart + MINUTE_MS;
  const dayEnd = dayStart + DAY_MS;
  const previous = state ?? EMPTY_SUBJECT_STATE;
  const sameMinute = previous.minuteStart === minuteStart;
  const sameDay = previous.dayStart === dayStart;
  let minuteCount = sameMinute ? previous.minuteCount : 0;
  let minute429 = sameMinute ? previous.minute429 : 0;
  let dayCount = sameDay ? previous.dayCount : 0;
  let day429 = sameDay ? previous.day429 : 0;
  let bannedUntil = previous.bannedUntil !== null && previous.bannedUntil > now ? previous.bannedUntil : null;

  let decision: Decision;
  if (bannedUntil !== null) {
    const headers = rateLimitHeaders(limits, minuteCount, dayCount, minuteEnd, dayEnd, now);
    decision = { outcome: 'banned', headers, retryAfter: secondsUntil(bannedUntil, now) };
  } else {
    const minuteOver = minuteCount >= limits.perMinute;
    const dayOver = dayCount >= limits.perDay;
    if (minuteOver || dayOver) {
      const max = policy.max429PerWindow;
      const headers = rateLimitHeaders(limits, minuteCount, dayCount, minuteEnd, dayEnd, now);
      if ((minuteOver && minute429 >= max) || (dayOver && day429 >= max)) {
        bannedUntil = now + policy.banSeconds * 1000;
        decision = { outcome: 'banned', headers, retryAfter: secondsUntil(bannedUntil, now) };
      } else {
        if (minuteOver) minute429 += 1;
        if (dayOver) day429 += 1;
        decision = dayOver
          ? { outcome: 'limited', headers, retryAfter: secondsUntil(dayEnd, now), window: 'day' }
          : { outcome: 'limited', headers, retryAfter: secondsUntil(minuteEnd, now), window: 'minute' };
      }
    } else {
      minuteCount += 1;
      dayCount += 1;
      const headers = rateLimitHeaders(limits, minuteCount, dayCount, minuteEnd, dayEnd, now);
      decision = { outcome: 'allowed', headers };
    }
  }

  return {
    state: { minuteStart, minuteCount, minute429, dayStart, dayCount, day429, bannedUntil },
    decision,
  };
}
