/**
 * A latency set for a session (`POST /__admin/latency`) or for every request (`mock --latency`):
 * how long the mock waits before it answers (INTERFACE.md section 19).
 */
export type Distribution = 'fixed' | 'uniform' | 'lognormal';

export interface LatencyRule {
  /** Upper-case method; any when absent. */
  method?: string;
  /** A request path (`/things/1`) or a documented template (`/things/{thingId}`); any when absent. */
  path?: string;
  distribution: Distribution;
  /** fixed: the wait. */
  ms?: number;
  /** uniform: the bounds of the wait. */
  min?: number;
  max?: number;
  /** lognormal: half the waits are shorter than `median`; `sigma` spreads the tail. */
  median?: number;
  sigma?: number;
}

/** The longest wait a request may be given, by a latency or by `Prefer: delay` (60 s). */
export const MAX_DELAY_MS = 60_000;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'QUERY']);
const FIELDS: Record<Distribution, string[]> = { fixed: ['ms'], uniform: ['min', 'max'], lognormal: ['median', 'sigma'] };
const RULE = '{method?, path?, distribution: "fixed"|"uniform"|"lognormal", ms? | min?, max? | median?, sigma?}';

/** A latency as `POST /__admin/latency` and snapshots take it, or every problem found. */
export function parseLatencyRule(body: Record<string, unknown>): { rule: LatencyRule | undefined; problems: string[] } {
  const problems: string[] = [];
  const distribution = body.distribution;
  if (distribution !== 'fixed' && distribution !== 'uniform' && distribution !== 'lognormal') {
    return { rule: undefined, problems: [`distribution must be "fixed", "uniform" or "lognormal" (a latency is ${RULE})`] };
  }
  const allowed = ['method', 'path', 'distribution', ...FIELDS[distribution]];
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) problems.push(`unknown field(s) for a ${distribution} latency: ${unknown.join(', ')} (it takes ${FIELDS[distribution].join(', ')})`);
  const number = (name: string, min: number, max: number, integer = true) => {
    const v = body[name];
    if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isInteger(v)) || v < min || v > max) {
      problems.push(`${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
      return 0;
    }
    return v;
  };
  const rule: LatencyRule = { distribution };
  if (distribution === 'fixed') rule.ms = number('ms', 0, MAX_DELAY_MS);
  if (distribution === 'uniform') {
    rule.min = number('min', 0, MAX_DELAY_MS);
    rule.max = number('max', 0, MAX_DELAY_MS);
    if (rule.min > rule.max) problems.push('min must not be over max');
  }
  if (distribution === 'lognormal') {
    rule.median = number('median', 1, MAX_DELAY_MS);
    rule.sigma = number('sigma', 0, 5, false);
  }
  const method = body.method;
  if (method !== undefined) {
    if (typeof method !== 'string' || !METHODS.has(method.toUpperCase())) problems.push('method must be an HTTP method');
    else rule.method = method.toUpperCase();
  }
  const path = body.path;
  if (path !== undefined) {
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 500) problems.push('path must start with / (a request path or a documented template)');
    else rule.path = path;
  }
  return problems.length ? { rule: undefined, problems } : { rule, problems };
}

/** `--latency fixed:200`, `uniform:50-400` or `lognormal:200,0.5` (median ms, sigma); throws with the rule. */
export function parseLatencyFlag(text: string): LatencyRule {
  const fixed = /^fixed:(\d+)$/.exec(text);
  const uniform = /^uniform:(\d+)-(\d+)$/.exec(text);
  const lognormal = /^lognormal:(\d+),(\d+(?:\.\d+)?)$/.exec(text);
  const body = fixed
    ? { distribution: 'fixed', ms: Number(fixed[1]) }
    : uniform
      ? { distribution: 'uniform', min: Number(uniform[1]), max: Number(uniform[2]) }
      : lognormal
        ? { distribution: 'lognormal', median: Number(lognormal[1]), sigma: Number(lognormal[2]) }
        : undefined;
  const parsed = body ? parseLatencyRule(body) : { rule: undefined, problems: [] };
  if (!parsed.rule) {
    const why = parsed.problems.length ? ` (${parsed.problems.join('; ')})` : '';
    throw new RangeError(`--latency must be fixed:MS, uniform:MIN-MAX or lognormal:MEDIAN,SIGMA in milliseconds up to ${MAX_DELAY_MS}, e.g. uniform:50-400 (got ${JSON.stringify(text)})${why}`);
  }
  return parsed.rule;
}

/** The newest rule matching this request (a later POST wins over an earlier one), else the default. */
export function matchingLatency(rules: readonly LatencyRule[], method: string, path: string, template: string | undefined, fallback?: LatencyRule): LatencyRule | undefined {
  for (let i = rules.length - 1; i >= 0; i--) {
    const r = rules[i]!;
    if ((!r.method || r.method === method) && (!r.path || r.path === path || r.path === template)) return r;
  }
  return fallback;
}
