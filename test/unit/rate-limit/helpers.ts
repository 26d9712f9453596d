import { decide, type SubjectState } from '../../../src/rate-limit/decide.js';
import { DEFAULT_BAN_POLICY } from '../../../src/rate-limit/plans.js';
import type { BanPolicy, Decision, Limits } from '../../../src/rate-limit/types.js';

/** 2026-03-10T12:00:00Z: a minute boundary, 12 hours into a UTC day. */
export const T0 = Date.UTC(2026, 2, 10, 12, 0, 0);
export const NEXT_MINUTE = T0 + 60_000;
export const NEXT_DAY = Date.UTC(2026, 2, 11);
export const FREE: Limits = { perMinute: 60, perDay: 1000 };

/** Feeds requests through `decide`, threading the state like a store does. */
export class Subject {
  state: SubjectState | undefined;
  constructor(
    readonly limits: Limits,
    readonly policy: BanPolicy = DEFAULT_BAN_POLICY,
  ) {}

  request(now: number): Decision {
    const result = decide(this.state, this.limits, now, this.policy);
    this.state = result.state;
    return result.decision;
  }

  /** `count` requests at `now`; returns the decisions. */
  requests(count: number, now: number): Decision[] {
    return Array.from({ length: count }, () => this.request(now));
  }
}

export const outcomes = (decisions: readonly Decision[]) => decisions.map((d) => d.outcome);
