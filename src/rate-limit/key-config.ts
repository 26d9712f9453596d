/**
 * The mock's `--config` file (plans, keys, bans, sessions), validated once at the edge into a
 * normalised KeyConfig. Every problem is reported, each naming its JSON path, e.g.
 * `keys[2].perMinute must be a positive integer (got 0)`. Unknown fields are errors everywhere,
 * so a typo never passes silently. The format is documented in docs/decisions/007-rate-limits.md.
 */
import { BUILT_IN_PLANS, DEFAULT_BAN_POLICY, DEMO_KEY_NAMES } from './plans.js';
import type { ApiKeyRecord, BanPolicy, Limits, Scope } from './types.js';

export interface KeyConfig {
  /** Every plan: the built-in ones (as overridden) and those the file adds, in that order. */
  plans: ReadonlyMap<string, Readonly<Limits>>;
  /** The file's keys with their limits resolved (demo keys are not included). */
  keys: readonly ApiKeyRecord[];
  bans: BanPolicy;
  sessions: { max: number };
}

export const DEFAULT_MAX_SESSIONS = 1_000;
export const MAX_KEY_LENGTH = 200;

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: invalid configuration${problems.length ? '\n  - ' + shownProblems(problems).join('\n  - ') : ''}`);
    this.name = 'ConfigError';
  }
}

/** Problems listed in a ConfigError's message; `problems` keeps them all. */
export const MAX_PROBLEMS_SHOWN = 50;

/** A file of 130k wrong keys gets a readable message, not 130k lines. */
function shownProblems(problems: readonly string[]): readonly string[] {
  if (problems.length <= MAX_PROBLEMS_SHOWN) return problems;
  return [...problems.slice(0, MAX_PROBLEMS_SHOWN), `... and ${problems.length - MAX_PROBLEMS_SHOWN} more problems`];
}

/** The configuration without a `--config` file. */
export function defaultKeyConfig(): KeyConfig {
  return {
    plans: new Map(BUILT_IN_PLANS),
    keys: [],
    bans: { ...DEFAULT_BAN_POLICY },
    sessions: { max: DEFAULT_MAX_SESSIONS },
  };
}

/** Parses the text of a config file (JSON); a syntax error is a ConfigError too. */
export function parseKeyConfigText(text: string, file: string): KeyConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(file, [`is not valid JSON: ${(error as Error).message}`]);
  }
  return parseKeyConfig(value, file);
}

/** Validates an already parsed config file; throws ConfigError listing every problem. */
export function parseKeyConfig(value: unknown, file: string): KeyConfig {
  const problems: string[] = [];
  const config = defaultKeyConfig();
  if (!isObject(value)) throw new ConfigError(file, [`the top level must be a JSON object (got ${describe(value)})`]);
  checkFields(value, '', ['plans', 'keys', 'bans', 'sessions'], problems);

  const plans = new Map<string, Readonly<Limits>>(config.plans);
  if (value.plans !== undefined) parsePlans(value.plans, plans, problems);

  const keys: ApiKeyRecord[] = [];
  if (value.keys !== undefined) {
    if (!Array.isArray(value.keys)) problems.push(`keys must be an array (got ${describe(value.keys)})`);
    else {
      const seen = new Map<string, number>();
      value.keys.forEach((entry: unknown, index: number) => {
        const path = `keys[${index}]`;
        const { record, problems: found } = parseNewKey(entry, plans, path);
        problems.push(...found);
        if (record === undefined) return;
        const first = seen.get(record.key);
        if (first !== undefined) problems.push(`${path}.key repeats keys[${first}].key`);
        else if (DEMO_KEY_NAMES.includes(record.key)) problems.push(`${path}.key is a built-in demo key, which cannot be redefined`);
        else {
          seen.set(record.key, index);
          keys.push(record);
        }
      });
    }
  }

  const bans = { ...config.bans };
  if (value.bans !== undefined && expectObject(value.bans, 'bans', problems)) {
    checkFields(value.bans, 'bans', ['max429PerWindow', 'banSeconds'], problems);
    bans.max429PerWindow = integer(value.bans.max429PerWindow, 'bans.max429PerWindow', 0, problems) ?? bans.max429PerWindow;
    bans.banSeconds = integer(value.bans.banSeconds, 'bans.banSeconds', 1, problems) ?? bans.banSeconds;
  }

  const sessions = { ...config.sessions };
  if (value.sessions !== undefined && expectObject(value.sessions, 'sessions', problems)) {
    checkFields(value.sessions, 'sessions', ['max'], problems);
    sessions.max = integer(value.sessions.max, 'sessions.max', 1, problems) ?? sessions.max;
  }

  if (problems.length > 0) throw new ConfigError(file, problems);
  return { plans, keys, bans, sessions };
}

/**
 * Validates one key entry, `{key, plan, perMinute?, perDay?, scope?}`: an entry of the config
 * file's `keys`, or the body of `POST /__admin/keys`. Limits default to the plan's and scope to
 * read-write. `path` prefixes every problem (`keys[2]` gives `keys[2].perMinute ...`).
 */
export function parseNewKey(
  value: unknown,
  plans: ReadonlyMap<string, Readonly<Limits>>,
  path = '',
): { record: ApiKeyRecord | undefined; problems: string[] } {
  const problems: string[] = [];
  if (!expectObject(value, path || 'the key', problems)) return { record: undefined, problems };
  checkFields(value, path, ['key', 'plan', 'perMinute', 'perDay', 'scope'], problems);

  const key = value.key;
  const keyOk = typeof key === 'string' && key.length >= 1 && key.length <= MAX_KEY_LENGTH && /^[\x21-\x7e]+$/.test(key);
  if (!keyOk) {
    const why = key === undefined ? 'is required' : `must be 1..${MAX_KEY_LENGTH} visible ASCII characters without spaces`;
    problems.push(`${join(path, 'key')} ${why}${key === undefined || typeof key === 'string' ? '' : ` (got ${describe(key)})`}`);
  }

  let limits: Readonly<Limits> | undefined;
  const plan = value.plan;
  if (plan === undefined) problems.push(`${join(path, 'plan')} is required`);
  else if (typeof plan !== 'string') problems.push(`${join(path, 'plan')} must be a plan name (got ${describe(plan)})`);
  else if ((limits = plans.get(plan)) === undefined) {
    problems.push(`${join(path, 'plan')} ${JSON.stringify(plan)} is not a plan (known: ${planNames(plans)})`);
  }

  const perMinute = integer(value.perMinute, join(path, 'perMinute'), 1, problems);
  const perDay = integer(value.perDay, join(path, 'perDay'), 1, problems);
  let scope: Scope = 'read-write';
  if (value.scope === 'read-only' || value.scope === 'read-write') scope = value.scope;
  else if (value.scope !== undefined) {
    problems.push(`${join(path, 'scope')} must be "read-write" or "read-only" (got ${describe(value.scope)})`);
  }

  if (problems.length > 0 || limits === undefined) return { record: undefined, problems };
  const record: ApiKeyRecord = {
    key: key as string,
    plan: plan as string,
    perMinute: perMinute ?? limits.perMinute,
    perDay: perDay ?? limits.perDay,
    scope,
  };
  return { record, problems };
}

const PLAN_NAMES_SHOWN = 10;

/**
 * The first plan names, for a message: every one of them in the message of every key naming no
 * plan made a file of 20k plans and 20k such keys take a minute and 3 GB before it crashed.
 */
function planNames(plans: ReadonlyMap<string, unknown>): string {
  const names: string[] = [];
  for (const name of plans.keys()) {
    if (names.length === PLAN_NAMES_SHOWN) return `${names.join(', ')} and ${plans.size - PLAN_NAMES_SHOWN} more`;
    names.push(name);
  }
  return names.join(', ');
}

const PLAN_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,49}$/;

function parsePlans(value: unknown, plans: Map<string, Readonly<Limits>>, problems: string[]): void {
  if (!expectObject(value, 'plans', problems)) return;
  const lowerCaseNames = new Map([...plans.keys()].map((name) => [name.toLowerCase(), name]));
  for (const [name, entry] of Object.entries(value)) {
    const path = `plans${propertyPath(name)}`;
    if (!PLAN_NAME.test(name)) {
      problems.push(`${path}: a plan name must be 1..50 letters, digits, spaces, ".", "_" or "-", starting with a letter or digit`);
      continue;
    }
    const builtIn = BUILT_IN_PLANS.get(name);
    const clash = lowerCaseNames.get(name.toLowerCase());
    if (clash !== undefined && clash !== name) {
      problems.push(`${path}: differs from the plan "${clash}" only in case`);
      continue;
    }
    lowerCaseNames.set(name.toLowerCase(), name);
    // Register the name even when its entry is wrong, so keys naming it do not add noise.
    plans.set(name, builtIn ?? { perMinute: 1, perDay: 1 });
    if (!expectObject(entry, path, problems)) continue;
    checkFields(entry, path, ['perMinute', 'perDay'], problems);
    // A built-in plan may override one limit and keep the other; a new plan must give both.
    const required = builtIn === undefined;
    if (required && entry.perMinute === undefined) problems.push(`${path}.perMinute is required for a new plan`);
    if (required && entry.perDay === undefined) problems.push(`${path}.perDay is required for a new plan`);
    const perMinute = integer(entry.perMinute, `${path}.perMinute`, 1, problems);
    const perDay = integer(entry.perDay, `${path}.perDay`, 1, problems);
    plans.set(name, Object.freeze({ perMinute: perMinute ?? builtIn?.perMinute ?? 1, perDay: perDay ?? builtIn?.perDay ?? 1 }));
  }
}

/** An optional integer >= min; undefined when absent or wrong (the problem is recorded). */
function integer(value: unknown, path: string, min: number, problems: string[]): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= min) return value;
  const what = min === 1 ? 'a positive integer' : `an integer >= ${min}`;
  problems.push(`${path} must be ${what} (got ${describe(value)})`);
  return undefined;
}

function checkFields(value: Record<string, unknown>, path: string, known: readonly string[], problems: string[]): void {
  for (const field of Object.keys(value)) {
    if (!known.includes(field)) {
      problems.push(`${join(path, field)} is not a known field (expected ${known.join(', ')})`);
    }
  }
}

function expectObject(value: unknown, path: string, problems: string[]): value is Record<string, unknown> {
  if (isObject(value)) return true;
  problems.push(`${path} must be a JSON object (got ${describe(value)})`);
  return false;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function join(path: string, field: string): string {
  return path ? path + propertyPath(field) : field;
}

/** `.name` for identifier-like names, `["a name"]` otherwise. */
function propertyPath(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? '.' + name : `[${JSON.stringify(name)}]`;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  const text = JSON.stringify(value);
  return text.length > 40 ? text.slice(0, 37) + '...' : text;
}
