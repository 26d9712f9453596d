import { keptText } from './kept-text.js';
import type { RecordedExchange } from './recorded-exchange.js';

/** One line of a session's request journal (`GET /__admin/requests`). */
export interface JournalEntry {
  /** ISO 8601, by the session's clock. */
  time: string;
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The API key masked to its first 4 and last 2 characters, or null when none was sent. */
  key: string | null;
  /** The wait before the answer (a latency or `Prefer: delay`), when there was one; not in `ms`. */
  delayMs?: number;
  /** The network fault the answer met (`reset`, `empty`: status 0, nothing was answered). */
  network?: string;
  /** A call the mock made (`callback NAME`, `webhook NAME`): `path` is the URL called, `status` its answer (0: none came). */
  outgoing?: string;
  /** An outgoing call's try (1, 2, 3) and what failed when no answer came. */
  attempt?: number;
  error?: string;
  /** Headers and bodies, bounded and masked, for `?format=har` (src/mock/recorded-exchange.ts); not in the JSON listing. */
  exchange?: RecordedExchange;
}

/** What is stored per request: the time as a number, formatted only when someone reads the journal. */
export type JournalRecord = Omit<JournalEntry, 'time'> & { at: number };

/** The characters of headers and bodies one session's journal keeps in all; past it the oldest lines lose theirs. */
export const JOURNAL_EXCHANGE_BUDGET = 256 * 1024;

/** The last `capacity` requests, newest last; a fixed ring, so memory stays flat. */
export class Journal {
  private readonly entries: (JournalRecord | undefined)[];
  private next = 0;
  private size = 0;
  /** Characters held in exchanges, and how many lines were pushed (the oldest that may hold one is `pushed - size`). */
  private held = 0;
  private pushed = 0;
  private shedFrom = 0;

  constructor(
    private readonly capacity = 1000,
    private readonly budget = JOURNAL_EXCHANGE_BUDGET,
  ) {
    this.entries = new Array(capacity);
  }

  /** Keeps copies of the strings, bounded and escaped: a request's own would hold its whole request line. */
  push(entry: JournalRecord): void {
    entry.path = keptText(entry.path);
    if (entry.key !== null) entry.key = keptText(entry.key);
    const dropped = this.size === this.capacity ? this.entries[this.next] : undefined;
    if (dropped?.exchange) this.held -= exchangeChars(dropped.exchange);
    if (entry.exchange) this.held += exchangeChars(entry.exchange);
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    if (this.size < this.capacity) this.size++;
    this.pushed++;
    this.shed();
  }

  /** Past the budget, the oldest lines give up their headers and bodies (their lines stay). */
  private shed(): void {
    this.shedFrom = Math.max(this.shedFrom, this.pushed - this.size);
    while (this.held > this.budget && this.shedFrom < this.pushed - 1) {
      const entry = this.entries[this.shedFrom % this.capacity];
      if (entry?.exchange) {
        this.held -= exchangeChars(entry.exchange);
        delete entry.exchange;
      }
      this.shedFrom++;
    }
  }

  list(): JournalEntry[] {
    const out: JournalEntry[] = [];
    const first = (this.next - this.size + this.capacity) % this.capacity;
    for (let i = 0; i < this.size; i++) {
      const { at, ...line } = this.entries[(first + i) % this.capacity]!;
      out.push({ time: new Date(at).toISOString(), ...line });
    }
    return out;
  }

  /** Empties the ring; `next` stays where it is, so the line pushed as number k still sits at k % capacity (shed() relies on it). */
  clear(): void {
    this.entries.fill(undefined);
    this.size = 0;
    this.held = 0;
    this.shedFrom = this.pushed;
  }
}

/** About what an exchange holds, in characters. */
export function exchangeChars(exchange: RecordedExchange): number {
  let chars = exchange.path.length + exchange.query.length + (exchange.requestBody?.length ?? 0) + (exchange.responseBody?.length ?? 0);
  for (const [name, value] of exchange.requestHeaders) chars += name.length + value.length;
  for (const [name, value] of exchange.responseHeaders) chars += name.length + value.length;
  return chars;
}
