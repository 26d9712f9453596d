/** All time in the kit comes from a Clock; nothing outside core/ reads the system time. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * The clock behind `/__admin/clock`: follows its base clock until it is moved, then stands still
 * at the moved instant until moved again or reset, so scripted scenarios are exact.
 */
export class ControllableClock implements Clock {
  private frozenAt: number | undefined;

  constructor(private readonly base: Clock = systemClock) {}

  now(): number {
    return this.frozenAt ?? this.base.now();
  }

  get frozen(): boolean {
    return this.frozenAt !== undefined;
  }

  set(epochMs: number): void {
    this.frozenAt = epochMs;
  }

  advance(seconds: number): void {
    this.frozenAt = this.now() + seconds * 1000;
  }

  /** Back to following the base clock. */
  reset(): void {
    this.frozenAt = undefined;
  }
}

/** A clock that can wait: a delay (latency, a dripped body, a retry) ends when it has moved on by `ms`. */
export interface WaitingClock extends Clock {
  sleep(ms: number): Promise<void>;
}

/**
 * A clock only a test moves. Its `sleep` ends when the test moves it past the wait's end, so a
 * test of a delay never sleeps itself; `sleeping()` resolves once something waits on it.
 */
export class ManualClock implements WaitingClock {
  private sleepers: { until: number; wake: () => void }[] = [];
  private watchers: (() => void)[] = [];

  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  set(epochMs: number): void {
    this.current = epochMs;
    this.wake();
  }
  advance(seconds: number): void {
    this.current += seconds * 1000;
    this.wake();
  }
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((wake) => {
      this.sleepers.push({ until: this.current + ms, wake });
      for (const watcher of this.watchers.splice(0)) watcher();
    });
  }
  /** How many waits have not ended yet. */
  get waiting(): number {
    return this.sleepers.length;
  }
  /** Resolves once at least `count` waits are pending (at once when they already are). */
  sleeping(count = 1): Promise<void> {
    if (this.sleepers.length >= count) return Promise.resolve();
    return new Promise<void>((resolve) => this.watchers.push(() => void this.sleeping(count).then(resolve)));
  }
  private wake(): void {
    const due = this.sleepers.filter((s) => s.until <= this.current);
    this.sleepers = this.sleepers.filter((s) => s.until > this.current);
    for (const sleeper of due) sleeper.wake();
  }
}

/** Waits `ms` on a clock that can wait (a test's ManualClock), else in real time. */
export function waitOn(clock: Clock | undefined): (ms: number) => Promise<void> {
  const waiting = clock as Partial<WaitingClock> | undefined;
  if (waiting && typeof waiting.sleep === 'function') return (ms) => waiting.sleep!(ms);
  return (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms));
}

/** A monotonic millisecond reading for measuring durations (not a date). */
export const monotonicNow: () => number = () => performance.now();
