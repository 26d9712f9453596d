import type { Clock } from '../core/clock.js';
import type { ItemStream } from '../engine/stream-items.js';

/** The most items and the longest gap `Prefer: stream-count, stream-interval` may ask for. */
export const STREAM_LIMITS = { count: 100_000, intervalMs: 3_600_000 } as const;

/**
 * The longest a stream waits before reading a shared clock (Redis) again: another replica may
 * move it through `/__admin/clock`, and this process hears of that only by reading it.
 */
export const SHARED_CLOCK_READ_MS = 250;

/** The session's clock as a stream reads it; `refresh` reads a shared one again (src/mock/state-backend.ts). */
export type StreamClock = Clock & { refresh?(): Promise<void> };

/**
 * A stream's frames on the session's clock: item `i` is due `i * intervalMs` after the first.
 * Between items it waits with the mock's `delay` (a timer; tests pass one that moves their
 * clock), then reads the clock again, so a clock frozen by `/__admin/clock` holds the stream
 * until it is moved. A shared clock (Redis) is read again at least every SHARED_CLOCK_READ_MS,
 * so a move made through any replica releases the items. Stopping the iteration (the client went away) ends it at the next item.
 */
export async function* pacedFrames(stream: ItemStream, clock: StreamClock, delay: (ms: number) => Promise<void>): AsyncGenerator<string> {
  const start = clock.now();
  for (let index = 0; index < stream.count; index++) {
    const due = start + index * stream.intervalMs;
    for (let now = clock.now(); now < due; ) {
      await delay(clock.refresh ? Math.min(due - now, SHARED_CLOCK_READ_MS) : due - now);
      // A store that does not answer keeps the last reading: the stream waits on, it does not break.
      if (clock.refresh) await clock.refresh().catch(() => {});
      const later = clock.now();
      // A wait that took no time on a clock that did not move: let other work run before the next.
      if (later === now) await new Promise((resolve) => setTimeout(resolve, 0));
      now = later;
    }
    yield stream.frame(index);
  }
}
