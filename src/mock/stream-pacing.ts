import type { Clock } from '../core/clock.js';
import type { ItemStream } from '../engine/stream-items.js';

/** The most items and the longest gap `Prefer: stream-count, stream-interval` may ask for. */
export const STREAM_LIMITS = { count: 100_000, intervalMs: 3_600_000 } as const;

/**
 * A stream's frames on the session's clock: item `i` is due `i * intervalMs` after the first.
 * Between items it waits with the mock's `delay` (a timer; tests pass one that moves their
 * clock), then reads the clock again, so a clock frozen by `/__admin/clock` holds the stream
 * until it is moved. Stopping the iteration (the client went away) ends it at the next item.
 */
export async function* pacedFrames(stream: ItemStream, clock: Clock, delay: (ms: number) => Promise<void>): AsyncGenerator<string> {
  const start = clock.now();
  for (let index = 0; index < stream.count; index++) {
    const due = start + index * stream.intervalMs;
    for (let now = clock.now(); now < due; ) {
      await delay(due - now);
      const later = clock.now();
      // A wait that took no time on a clock that did not move: let other work run before the next.
      if (later === now) await new Promise((resolve) => setTimeout(resolve, 0));
      now = later;
    }
    yield stream.frame(index);
  }
}
