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

/** A clock only a test moves. */
export class ManualClock implements Clock {
  constructor(private current: number) {}
  now(): number {
    return this.current;
  }
  set(epochMs: number): void {
    this.current = epochMs;
  }
  advance(seconds: number): void {
    this.current += seconds * 1000;
  }
}

/** A monotonic millisecond reading for measuring durations (not a date). */
export const monotonicNow: () => number = () => performance.now();
