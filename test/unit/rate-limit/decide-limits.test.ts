import { describe, expect, it } from 'vitest';
import { FREE, NEXT_DAY, NEXT_MINUTE, outcomes, Subject, T0 } from './helpers.js';

const seconds = (s: number) => T0 + s * 1000;

describe('decide: counting and limits', () => {
  it('counts Remaining down by one a request', () => {
    const subject = new Subject(FREE);
    const remaining = subject.requests(5, seconds(10)).map((d) => d.headers['X-RateLimit-Remaining']);
    expect(remaining).toEqual(['59', '58', '57', '56', '55']);
  });

  it('sends the exact header strings, 29 s into the minute', () => {
    const decision = new Subject(FREE).request(seconds(29));
    expect(decision).toEqual({
      outcome: 'allowed',
      headers: {
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '59',
        'X-RateLimit-Reset': String(NEXT_MINUTE / 1000),
        RateLimit: '"minute";r=59;t=31',
        'RateLimit-Policy': '"minute";q=60;w=60, "day";q=1000;w=86400',
      },
    });
  });

  it('answers the 61st request of a Free key in a minute with 429 until the next minute', () => {
    const subject = new Subject(FREE);
    const allowed = subject.requests(60, seconds(1));
    expect(new Set(outcomes(allowed))).toEqual(new Set(['allowed']));
    expect(allowed[59]?.headers['X-RateLimit-Remaining']).toBe('0');

    const limited = subject.request(seconds(29.4));
    expect(limited).toMatchObject({ outcome: 'limited', window: 'minute', retryAfter: 31 });
    expect(limited.headers).toEqual({
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(NEXT_MINUTE / 1000),
      RateLimit: '"minute";r=0;t=31',
      'RateLimit-Policy': '"minute";q=60;w=60, "day";q=1000;w=86400',
    });
  });

  it('rounds Retry-After up and never below 1 second', () => {
    const subject = new Subject({ perMinute: 1, perDay: 100 });
    subject.request(seconds(0));
    const retry = (now: number) => {
      const d = subject.request(now);
      return d.outcome === 'limited' ? d.retryAfter : undefined;
    };
    expect(retry(seconds(58))).toBe(2);
    expect(retry(seconds(58.001))).toBe(2);
    expect(retry(seconds(59))).toBe(1);
    expect(retry(seconds(59.999))).toBe(1);
  });

  it('makes Retry-After and X-RateLimit-Reset agree', () => {
    const subject = new Subject({ perMinute: 1, perDay: 100 });
    subject.request(seconds(12.3));
    const d = subject.request(seconds(12.5));
    if (d.outcome !== 'limited') throw new Error(`expected limited, got ${d.outcome}`);
    expect(Number(d.headers['X-RateLimit-Reset']) * 1000 - seconds(12.5)).toBeLessThanOrEqual(d.retryAfter * 1000);
    expect(Number(d.headers['X-RateLimit-Reset']) * 1000 - seconds(12.5)).toBeGreaterThan((d.retryAfter - 1) * 1000);
  });

  it('starts a fresh minute at second 0 of the next minute', () => {
    const subject = new Subject(FREE);
    subject.requests(60, seconds(5));
    expect(subject.request(NEXT_MINUTE - 1).outcome).toBe('limited');
    const fresh = subject.request(NEXT_MINUTE);
    expect(fresh.outcome).toBe('allowed');
    expect(fresh.headers['X-RateLimit-Remaining']).toBe('59');
    expect(fresh.headers.RateLimit).toBe('"minute";r=59;t=60');
  });

  it('does not count the requests it answers with 429', () => {
    const subject = new Subject(FREE);
    subject.requests(60, seconds(5));
    expect(outcomes(subject.requests(5, seconds(6)))).toEqual(Array(5).fill('limited'));
    expect(subject.state).toMatchObject({ minuteCount: 60, dayCount: 60, minute429: 5 });
    subject.request(NEXT_MINUTE);
    expect(subject.state).toMatchObject({ minuteCount: 1, dayCount: 61, minute429: 0 });
  });

  it('lets the day window bind once it has fewer requests left', () => {
    const subject = new Subject({ perMinute: 10, perDay: 12 });
    const first = subject.requests(10, seconds(0));
    expect(first[9]?.headers['X-RateLimit-Limit']).toBe('10');
    expect(first[9]?.headers.RateLimit).toBe('"minute";r=0;t=60');

    const next = subject.request(NEXT_MINUTE);
    expect(next.outcome).toBe('allowed');
    expect(next.headers['X-RateLimit-Limit']).toBe('12');
    expect(next.headers['X-RateLimit-Remaining']).toBe('1');
    expect(next.headers['X-RateLimit-Reset']).toBe(String(NEXT_DAY / 1000));
    expect(next.headers.RateLimit).toBe(`"day";r=1;t=${(NEXT_DAY - NEXT_MINUTE) / 1000}`);
    expect(next.headers['RateLimit-Policy']).toBe('"minute";q=10;w=60, "day";q=12;w=86400');

    expect(subject.request(NEXT_MINUTE + 1).headers['X-RateLimit-Remaining']).toBe('0');
    const over = subject.request(NEXT_MINUTE + 2);
    expect(over).toMatchObject({ outcome: 'limited', window: 'day', retryAfter: Math.ceil((NEXT_DAY - NEXT_MINUTE - 2) / 1000) });
    expect(over.headers['X-RateLimit-Reset']).toBe(String(NEXT_DAY / 1000));
  });

  it('lets the day bind on a tie, as it resets later', () => {
    const decision = new Subject({ perMinute: 5, perDay: 5 }).request(seconds(30));
    expect(decision.headers['X-RateLimit-Limit']).toBe('5');
    expect(decision.headers['X-RateLimit-Reset']).toBe(String(NEXT_DAY / 1000));
    expect(decision.headers.RateLimit).toBe(`"day";r=4;t=${(NEXT_DAY - seconds(30)) / 1000}`);
  });

  it('reports the day, and Retry-After past it, when both windows are used up', () => {
    const subject = new Subject({ perMinute: 3, perDay: 3 });
    subject.requests(3, seconds(1));
    const over = subject.request(seconds(2));
    expect(over).toMatchObject({ outcome: 'limited', window: 'day', retryAfter: (NEXT_DAY - seconds(2)) / 1000 });
    expect(over.headers['X-RateLimit-Reset']).toBe(String(NEXT_DAY / 1000));
    expect(over.headers['X-RateLimit-Remaining']).toBe('0');
    expect(subject.state).toMatchObject({ minute429: 1, day429: 1 });
  });

  it('starts a fresh day at 00:00:00 UTC', () => {
    const subject = new Subject({ perMinute: 100, perDay: 2 });
    subject.requests(2, NEXT_DAY - 1000);
    expect(subject.request(NEXT_DAY - 1).outcome).toBe('limited');
    const fresh = subject.request(NEXT_DAY);
    expect(fresh.outcome).toBe('allowed');
    expect(fresh.headers['X-RateLimit-Remaining']).toBe('1');
  });

  it('never sends a negative Remaining when limits shrink below the count', () => {
    const subject = new Subject({ perMinute: 10, perDay: 100 });
    subject.requests(8, seconds(1));
    const shrunk = new Subject({ perMinute: 5, perDay: 100 });
    shrunk.state = subject.state;
    const d = shrunk.request(seconds(2));
    expect(d.outcome).toBe('limited');
    expect(d.headers['X-RateLimit-Remaining']).toBe('0');
  });

  it('follows a limits object whose numbers change between requests', () => {
    const limits = { perMinute: 60, perDay: 1000 };
    const subject = new Subject(limits);
    subject.request(seconds(1));
    limits.perMinute = 120;
    const d = subject.request(seconds(2));
    expect(d.headers['X-RateLimit-Limit']).toBe('120');
    expect(d.headers['RateLimit-Policy']).toBe('"minute";q=120;w=60, "day";q=1000;w=86400');
  });
});
