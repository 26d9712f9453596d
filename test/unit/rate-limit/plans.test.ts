import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLANS, DEFAULT_BAN_POLICY, demoKeys } from '../../../src/rate-limit/plans.js';

describe('plans and demo keys', () => {
  it('has the built-in plans of INTERFACE.md section 4', () => {
    expect(Object.fromEntries(BUILT_IN_PLANS)).toEqual({
      Free: { perMinute: 60, perDay: 1000 },
      Pro: { perMinute: 300, perDay: 10_000 },
      Business: { perMinute: 1000, perDay: 100_000 },
      Enterprise: { perMinute: 5000, perDay: 1_000_000 },
    });
  });

  it('has exactly the five demo keys', () => {
    expect(demoKeys()).toEqual([
      { key: 'demo-free', plan: 'Free', perMinute: 60, perDay: 1000, scope: 'read-write' },
      { key: 'demo-pro', plan: 'Pro', perMinute: 300, perDay: 10_000, scope: 'read-write' },
      { key: 'demo-business', plan: 'Business', perMinute: 1000, perDay: 100_000, scope: 'read-write' },
      { key: 'demo-enterprise', plan: 'Enterprise', perMinute: 5000, perDay: 1_000_000, scope: 'read-write' },
      { key: 'demo-readonly', plan: 'Free', perMinute: 60, perDay: 1000, scope: 'read-only' },
    ]);
  });

  it('gives a demo key the limits of its plan as configured', () => {
    const plans = new Map(BUILT_IN_PLANS).set('Enterprise', { perMinute: 20_000, perDay: 5_000_000 });
    expect(demoKeys(plans).find((k) => k.key === 'demo-enterprise')).toMatchObject({ perMinute: 20_000, perDay: 5_000_000 });
    expect(demoKeys(plans).find((k) => k.key === 'demo-free')).toMatchObject({ perMinute: 60, perDay: 1000 });
  });

  it('bans after 11 answers of 429 for 15 minutes by default', () => {
    expect(DEFAULT_BAN_POLICY).toEqual({ max429PerWindow: 11, banSeconds: 900 });
  });
});
