import { keptText } from './kept-text.js';

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
}

/** What is stored per request: the time as a number, formatted only when someone reads the journal. */
export type JournalRecord = Omit<JournalEntry, 'time'> & { at: number };

/** The last `capacity` requests, newest last; a fixed ring, so memory stays flat. */
export class Journal {
  private readonly entries: (JournalRecord | undefined)[];
  private next = 0;
  private size = 0;

  constructor(private readonly capacity = 1000) {
    this.entries = new Array(capacity);
  }

  /** Keeps copies of the strings, bounded and escaped: a request's own would hold its whole request line. */
  push(entry: JournalRecord): void {
    entry.path = keptText(entry.path);
    if (entry.key !== null) entry.key = keptText(entry.key);
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    if (this.size < this.capacity) this.size++;
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

  clear(): void {
    this.entries.fill(undefined);
    this.next = 0;
    this.size = 0;
  }
}
