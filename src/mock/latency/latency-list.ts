import type { LatencyRule } from './latency-rule.js';

/** A session's latencies (`/__admin/latency`) in this process; newest last. */
export class LatencyList {
  private rules: LatencyRule[] = [];

  add(rule: LatencyRule): void {
    this.rules.push({ ...rule });
  }

  list(): readonly LatencyRule[] {
    return this.rules;
  }

  clear(): void {
    this.rules = [];
  }
}
