import type { CaseResult, Exchange, Failure } from '../contract/events.js';

export interface ProxiedExchange {
  /** When the request arrived (epoch ms, by the proxy's clock). */
  startedAt: number;
  operationId: string | undefined;
  /** The documented path template, else the request path. */
  path: string;
  method: string;
  /** The path the client asked for. */
  requestPath: string;
  status: number;
  /** How many checks failed (what `failures` lists). */
  violationCount: number;
  /** Masked (credentials and echoes of them); may be built on first read, off the hot path. */
  readonly exchange: Exchange;
  /** Masked, as `exchange`. */
  readonly failures: Failure[];
}

export interface Violation {
  at: string;
  method: string;
  path: string;
  status: number;
  operationId: string | null;
  failures: Failure[];
}

/** The newest `size` items, oldest first; adding one past the size drops the oldest in O(1). */
class Ring<T> {
  private readonly items: T[] = [];
  private next = 0;

  constructor(private readonly size: number) {}

  /** True when an older item was dropped to make room. */
  push(item: T): boolean {
    if (this.items.length < this.size) {
      this.items.push(item);
      return false;
    }
    this.items[this.next] = item;
    this.next = (this.next + 1) % this.size;
    return true;
  }

  toArray(): T[] {
    return [...this.items.slice(this.next), ...this.items.slice(0, this.next)];
  }
}

type Held = { entry: ProxiedExchange; at: number; sequence: number };

/**
 * What the proxy saw, for `/__admin/violations` and the reports written at shutdown. Bounded:
 * an end-to-end suite may run for hours, so only the newest `keep` exchanges are held as cases;
 * the counts cover everything. Adding costs counts and a slot; the violations and cases (and the
 * masking inside the entries) are built when asked for, not on every request.
 */
export class ViolationLog {
  private readonly recent: Ring<Held>;
  private readonly cases: Ring<Held>;
  private sequence = 0;
  exchanges = 0;
  violating = 0;
  dropped = 0;

  constructor(keep = 5000) {
    this.recent = new Ring(keep);
    this.cases = new Ring(keep);
  }

  add(entry: ProxiedExchange, at: number): void {
    this.exchanges += 1;
    this.sequence += 1;
    const held = { entry, at, sequence: this.sequence };
    if (entry.violationCount > 0) {
      this.violating += 1;
      this.recent.push(held);
    }
    if (this.cases.push(held)) this.dropped += 1;
  }

  violations(): { exchanges: number; violating: number; violations: Violation[] } {
    const violations = this.recent.toArray().map(({ entry, at }) => ({ at: new Date(at).toISOString(), method: entry.method, path: entry.requestPath, status: entry.status, operationId: entry.operationId ?? null, failures: entry.failures }));
    return { exchanges: this.exchanges, violating: this.violating, violations };
  }

  heldCases(): CaseResult[] {
    return this.cases.toArray().map(({ entry, sequence }) => ({
      id: `${entry.operationId ?? 'undocumented'}/proxied/${sequence}`,
      operationId: entry.operationId ?? 'undocumented',
      method: entry.method,
      path: entry.path,
      title: `${entry.method} ${entry.requestPath} answered ${entry.status} (proxied)`,
      kind: 'positive',
      status: entry.violationCount > 0 ? 'failed' : 'passed',
      failures: entry.failures,
      exchanges: [entry.exchange],
      waitedMs: 0,
      durationMs: entry.exchange.durationMs,
    }));
  }
}
