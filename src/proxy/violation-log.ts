import type { CaseResult, Exchange, Failure } from '../contract/events.js';

export interface ProxiedExchange {
  /** When the request arrived (epoch ms, by the proxy's clock). */
  startedAt: number;
  operationId: string | undefined;
  /** The documented path template, else the request path. */
  path: string;
  exchange: Exchange;
  failures: Failure[];
}

export interface Violation {
  at: string;
  method: string;
  path: string;
  status: number;
  operationId: string | null;
  failures: Failure[];
}

/**
 * What the proxy saw, for `/__admin/violations` and the reports written at shutdown. Bounded:
 * an end-to-end suite may run for hours, so only the newest `keep` exchanges are held as cases;
 * the counts cover everything.
 */
export class ViolationLog {
  private readonly recent: Violation[] = [];
  private readonly cases: CaseResult[] = [];
  private sequence = 0;
  exchanges = 0;
  violating = 0;
  dropped = 0;

  constructor(private readonly keep = 5000) {}

  add(entry: ProxiedExchange, at: number): void {
    this.exchanges += 1;
    this.sequence += 1;
    const { exchange, failures } = entry;
    const method = exchange.request.method;
    const status = exchange.response.status;
    if (failures.length > 0) {
      this.violating += 1;
      this.recent.push({ at: new Date(at).toISOString(), method, path: new URL(exchange.request.url).pathname, status, operationId: entry.operationId ?? null, failures });
      if (this.recent.length > this.keep) this.recent.shift();
    }
    this.cases.push({
      id: `${entry.operationId ?? 'undocumented'}/proxied/${this.sequence}`,
      operationId: entry.operationId ?? 'undocumented',
      method,
      path: entry.path,
      title: `${method} ${new URL(exchange.request.url).pathname} answered ${status} (proxied)`,
      kind: 'positive',
      status: failures.length > 0 ? 'failed' : 'passed',
      failures,
      exchanges: [exchange],
      waitedMs: 0,
      durationMs: exchange.durationMs,
    });
    if (this.cases.length > this.keep) {
      this.cases.shift();
      this.dropped += 1;
    }
  }

  violations(): { exchanges: number; violating: number; violations: Violation[] } {
    return { exchanges: this.exchanges, violating: this.violating, violations: [...this.recent] };
  }

  heldCases(): CaseResult[] {
    return [...this.cases];
  }
}
