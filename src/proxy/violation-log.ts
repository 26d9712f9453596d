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
  /** Roughly how many bytes of memory holding this entry costs. */
  readonly heldBytes: number;
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
 * The newest items, oldest first, within both a count and a byte budget: adding one drops the
 * oldest until both hold again (the newest always stays), each drop in O(1).
 */
class BoundedQueue<T extends { bytes: number }> {
  private items: (T | undefined)[] = [];
  private head = 0;
  private bytes = 0;

  constructor(
    private readonly maxItems: number,
    private readonly maxBytes: number,
  ) {}

  /** How many older items were dropped to make room. */
  push(item: T): number {
    this.items.push(item);
    this.bytes += item.bytes;
    let dropped = 0;
    while (this.items.length - this.head > 1 && (this.items.length - this.head > this.maxItems || this.bytes > this.maxBytes)) {
      this.bytes -= this.items[this.head]!.bytes;
      this.items[this.head] = undefined; // released now, not when the array is next compacted
      this.head += 1;
      dropped += 1;
    }
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return dropped;
  }

  toArray(): T[] {
    return this.items.slice(this.head) as T[];
  }
}

type Held = { entry: ProxiedExchange; at: number; sequence: number; bytes: number };

/** The memory the log may hold, per list (the cases, the violations): a few dozen large answers, thousands of small ones. */
export const LOG_BYTES = 32 * 1024 * 1024;

/**
 * What the proxy saw, for `/__admin/violations` and the reports written at shutdown. Bounded:
 * an end-to-end suite may run for hours, so only the newest exchanges are held as cases, at most
 * `keep` of them and at most `maxBytes` of memory (an entry's bodies are cut to their start before
 * it is added; see MaskedEntry.shrink); the counts cover everything. Adding costs counts and a
 * slot; the violations and cases (and the masking inside the entries) are built when asked for,
 * not on every request.
 */
export class ViolationLog {
  private readonly recent: BoundedQueue<Held>;
  private readonly cases: BoundedQueue<Held>;
  private sequence = 0;
  exchanges = 0;
  violating = 0;
  dropped = 0;

  constructor(keep = 5000, maxBytes = LOG_BYTES) {
    this.recent = new BoundedQueue(keep, maxBytes);
    this.cases = new BoundedQueue(keep, maxBytes);
  }

  add(entry: ProxiedExchange, at: number): void {
    this.exchanges += 1;
    this.sequence += 1;
    const held = { entry, at, sequence: this.sequence, bytes: entry.heldBytes };
    if (entry.violationCount > 0) {
      this.violating += 1;
      this.recent.push(held);
    }
    this.dropped += this.cases.push(held);
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
