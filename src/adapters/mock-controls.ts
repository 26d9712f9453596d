import type { MockSetup } from '../mock/create-engine.js';
import { parseLatencyRule, type LatencyRule } from '../mock/latency/latency-rule.js';

export interface ClockView {
  now: string;
  frozen: boolean;
}

/**
 * The control functions of `/__admin` that tests of an in-process mock need, called directly
 * (an MSW handler has no admin server to talk to). Each acts on the session named, or the
 * default one; the same rules as /__admin/reset and /__admin/clock.
 */
export interface MockControls {
  /** All sessions back to the seed state; with a name, that session only. */
  reset(session?: string): void;
  clock(session?: string): ClockView;
  /** Stops the session's clock at that instant (an ISO 8601 date-time or epoch milliseconds). */
  setClock(at: string | number, session?: string): ClockView;
  advanceClock(seconds: number, session?: string): ClockView;
  /** As `POST /__admin/latency`: `{method?, path?, distribution, ms? | min?, max? | median?, sigma?}`; throws TypeError naming what is wrong. */
  addLatency(rule: Record<string, unknown>, session?: string): LatencyRule;
  /** As `DELETE /__admin/latency`. */
  clearLatency(session?: string): void;
}

export function mockControls(setup: MockSetup): MockControls {
  const { sessions } = setup;
  const view = (session?: string): ClockView => {
    const clock = sessions.get(session).clock;
    return { now: new Date(clock.now()).toISOString(), frozen: clock.frozen };
  };
  return {
    reset(session) {
      if (session !== undefined) sessions.reset(sessions.get(session));
      else sessions.resetAll();
    },
    clock: view,
    setClock(at, session) {
      const ms = typeof at === 'number' ? at : /^\d{4}-\d{2}-\d{2}T/.test(at) ? Date.parse(at) : NaN;
      if (!Number.isFinite(ms)) throw new TypeError(`setClock: ${String(at)} is not an ISO 8601 date-time, e.g. 2027-07-01T00:00:00Z`);
      sessions.get(session).clock.set(ms);
      return view(session);
    },
    advanceClock(seconds, session) {
      if (typeof seconds !== 'number' || !Number.isFinite(seconds)) throw new TypeError('advanceClock: seconds must be a finite number');
      sessions.get(session).clock.advance(seconds);
      return view(session);
    },
    addLatency(given, session) {
      const { rule, problems } = parseLatencyRule(given);
      if (!rule) throw new TypeError(`addLatency: ${problems.join('; ')}`);
      sessions.get(session).latency.add(rule);
      return rule;
    },
    clearLatency(session) {
      sessions.get(session).latency.clear();
    },
  };
}
