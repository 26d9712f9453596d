/** Built-in plans, demo keys and the default ban policy (INTERFACE.md sections 4 and 5). */
import type { ApiKeyRecord, BanPolicy, Limits, Scope } from './types.js';

export type BuiltInPlanName = 'Free' | 'Pro' | 'Business' | 'Enterprise';

/** Enterprise is "custom": these are its defaults, which a config file may override. */
export const BUILT_IN_PLANS: ReadonlyMap<string, Readonly<Limits>> = new Map<BuiltInPlanName, Readonly<Limits>>([
  ['Free', Object.freeze({ perMinute: 60, perDay: 1_000 })],
  ['Pro', Object.freeze({ perMinute: 300, perDay: 10_000 })],
  ['Business', Object.freeze({ perMinute: 1_000, perDay: 100_000 })],
  ['Enterprise', Object.freeze({ perMinute: 5_000, perDay: 1_000_000 })],
]);

/** The plan that requests with no key or an unknown key are counted against, per address. */
export const ANONYMOUS_PLAN: BuiltInPlanName = 'Free';

export const DEFAULT_BAN_POLICY: Readonly<BanPolicy> = Object.freeze({ max429PerWindow: 11, banSeconds: 900 });

const DEMO_KEY_PLANS: readonly { key: string; plan: BuiltInPlanName; scope: Scope }[] = [
  { key: 'demo-free', plan: 'Free', scope: 'read-write' },
  { key: 'demo-pro', plan: 'Pro', scope: 'read-write' },
  { key: 'demo-business', plan: 'Business', scope: 'read-write' },
  { key: 'demo-enterprise', plan: 'Enterprise', scope: 'read-write' },
  { key: 'demo-readonly', plan: 'Free', scope: 'read-only' },
];

/** The demo keys present on every start, in the order they are printed. */
export const DEMO_KEY_NAMES: readonly string[] = DEMO_KEY_PLANS.map((demo) => demo.key);

/**
 * The demo keys with their plans' limits. A demo key follows its plan: when a config file
 * overrides a built-in plan (typically Enterprise), the demo key of that plan gets the new limits.
 */
export function demoKeys(plans: ReadonlyMap<string, Readonly<Limits>> = BUILT_IN_PLANS): ApiKeyRecord[] {
  return DEMO_KEY_PLANS.map(({ key, plan, scope }) => {
    const limits = plans.get(plan) ?? (BUILT_IN_PLANS.get(plan) as Readonly<Limits>);
    return { key, plan, perMinute: limits.perMinute, perDay: limits.perDay, scope };
  });
}
