import { randomLcg, randomLogNormal, randomUniform } from 'd3-random';
import { MAX_DELAY_MS, type LatencyRule } from './latency-rule.js';

/** Milliseconds to wait under a rule, drawn from a seeded source (the same --seed, the same waits). */
export type LatencySampler = (rule: LatencyRule) => number;

/**
 * d3-random's distributions (lognormal by Box-Muller) over its seeded LCG: the mock's randomness
 * is injected, never Math.random. A draw is rounded to whole milliseconds and capped at 60 s.
 */
export function createLatencySampler(seed: number): LatencySampler {
  const source = randomLcg(seed);
  const uniform = randomUniform.source(source);
  const lognormal = randomLogNormal.source(source);
  return (rule) => {
    let ms: number;
    if (rule.distribution === 'fixed') ms = rule.ms!;
    else if (rule.distribution === 'uniform') ms = uniform(rule.min!, rule.max!)();
    else ms = lognormal(Math.log(rule.median!), rule.sigma!)();
    return Math.min(MAX_DELAY_MS, Math.max(0, Math.round(ms)));
  };
}
