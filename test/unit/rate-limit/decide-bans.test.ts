import { describe, expect, it } from 'vitest';
import { FREE, NEXT_DAY, NEXT_MINUTE, outcomes, Subject, T0 } from './helpers.js';

const seconds = (s: number) => T0 + s * 1000;

/** A Free subject that used up its minute at T0+1s. */
function exhausted(): Subject {
  const subject = new Subject(FREE);
  subject.requests(60, seconds(1));
  return subject;
}

describe('decide: bans', () => {
  it('gives 11 answers of 429, then bans on the 12th over-limit request for 900 s', () => {
    const subject = exhausted();
    expect(outcomes(subject.requests(11, seconds(2)))).toEqual(Array(11).fill('limited'));
    const twelfth = subject.request(seconds(3));
    expect(twelfth).toMatchObject({ outcome: 'banned', retryAfter: 900 });
    expect(twelfth.headers['X-RateLimit-Remaining']).toBe('0');
    expect(subject.state?.bannedUntil).toBe(seconds(3) + 900_000);
  });

  it('answers every request during the ban with key_banned, counting down, without counting it', () => {
    const subject = exhausted();
    subject.requests(12, seconds(2));
    const before = subject.state;
    const later = subject.request(seconds(2 + 100));
    expect(later).toMatchObject({ outcome: 'banned', retryAfter: 800 });
    expect(subject.request(seconds(2 + 899.5))).toMatchObject({ outcome: 'banned', retryAfter: 1 });
    expect(subject.state).toMatchObject({ dayCount: before?.dayCount, day429: 0, bannedUntil: before?.bannedUntil });
  });

  it('carries the rate-limit headers on banned answers, from the counts as they stand', () => {
    const subject = exhausted();
    subject.requests(12, seconds(2));
    const banned = subject.request(seconds(2) + 5 * 60_000);
    expect(banned.outcome).toBe('banned');
    // A new minute: 60 left of the minute, 940 of the day; nothing was counted.
    expect(banned.headers['X-RateLimit-Remaining']).toBe('60');
    expect(banned.headers['X-RateLimit-Limit']).toBe('60');
  });

  it('ends the ban at its instant and counts again', () => {
    const subject = exhausted();
    subject.requests(12, seconds(2));
    const until = subject.state?.bannedUntil as number;
    expect(subject.request(until - 1).outcome).toBe('banned');
    const after = subject.request(until);
    expect(after.outcome).toBe('allowed');
    expect(after.headers['X-RateLimit-Remaining']).toBe('59');
    expect(subject.state?.bannedUntil).toBeNull();
  });

  it('counts minute 429s per minute: a new minute gives a new budget of 11', () => {
    const subject = exhausted();
    expect(outcomes(subject.requests(10, seconds(2)))).toEqual(Array(10).fill('limited'));
    subject.requests(60, NEXT_MINUTE);
    expect(subject.state?.minute429).toBe(0);
    expect(outcomes(subject.requests(11, NEXT_MINUTE + 1))).toEqual(Array(11).fill('limited'));
    expect(subject.request(NEXT_MINUTE + 2).outcome).toBe('banned');
  });

  it('counts day 429s across minutes until the day rolls', () => {
    const subject = new Subject({ perMinute: 100, perDay: 5 });
    subject.requests(5, seconds(0));
    for (let minute = 0; minute < 11; minute++) {
      expect(subject.request(seconds(30 + minute * 60)).outcome).toBe('limited');
    }
    expect(subject.state).toMatchObject({ day429: 11, minute429: 0 });
    expect(subject.request(seconds(30 + 11 * 60))).toMatchObject({ outcome: 'banned', retryAfter: 900 });
  });

  it('bans again at once when a day-window ban ends while the day is still used up', () => {
    const subject = new Subject({ perMinute: 100, perDay: 5 });
    subject.requests(5, seconds(0));
    subject.requests(12, seconds(1));
    const until = subject.state?.bannedUntil as number;
    expect(subject.request(until)).toMatchObject({ outcome: 'banned', retryAfter: 900 });
    expect(subject.request(NEXT_DAY + 900_000 * 2).outcome).toBe('allowed');
  });

  it('resets day 429s when the day rolls', () => {
    const subject = new Subject({ perMinute: 100, perDay: 1 });
    subject.request(NEXT_DAY - 10_000);
    subject.requests(10, NEXT_DAY - 5_000);
    expect(subject.state?.day429).toBe(10);
    subject.request(NEXT_DAY);
    expect(outcomes(subject.requests(11, NEXT_DAY + 1))).toEqual(Array(11).fill('limited'));
    expect(subject.request(NEXT_DAY + 2).outcome).toBe('banned');
  });

  it('follows the configured policy', () => {
    const subject = new Subject({ perMinute: 1, perDay: 100 }, { max429PerWindow: 2, banSeconds: 60 });
    subject.request(seconds(0));
    expect(outcomes(subject.requests(3, seconds(1)))).toEqual(['limited', 'limited', 'banned']);
    expect(subject.request(seconds(1))).toMatchObject({ outcome: 'banned', retryAfter: 60 });
  });

  it('bans on the first over-limit request when no 429 is allowed', () => {
    const subject = new Subject({ perMinute: 1, perDay: 100 }, { max429PerWindow: 0, banSeconds: 60 });
    subject.request(seconds(0));
    expect(subject.request(seconds(1)).outcome).toBe('banned');
  });

  it('honours a ban set from outside even under the limits', () => {
    const subject = new Subject(FREE);
    subject.request(seconds(0));
    subject.state = { ...(subject.state as NonNullable<Subject['state']>), bannedUntil: seconds(10.2) };
    expect(subject.request(seconds(0))).toMatchObject({ outcome: 'banned', retryAfter: 11 });
    expect(subject.request(seconds(10.2)).headers['X-RateLimit-Remaining']).toBe('58');
  });
});
