/**
 * The two fixed UTC windows of INTERFACE.md section 5. Unix time has no leap seconds, so a UTC
 * minute starts at every multiple of 60,000 ms and a UTC day at every multiple of 86,400,000 ms.
 */
import type { WindowName } from './types.js';

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Length of each window in milliseconds. */
export const WINDOW_MS: Readonly<Record<WindowName, number>> = { minute: MINUTE_MS, day: DAY_MS };

/** Epoch ms at which the window holding `now` began (second 0 of the minute, 00:00:00 of the day). */
export function windowStart(name: WindowName, now: number): number {
  const length = WINDOW_MS[name];
  return Math.floor(now / length) * length;
}

/** Epoch ms at which the window holding `now` ends, that is when the next one begins. */
export function windowEnd(name: WindowName, now: number): number {
  return windowStart(name, now) + WINDOW_MS[name];
}

/** Whole seconds from `now` until `instant`, rounded up and at least 1 (Retry-After, `t=`). */
export function secondsUntil(instant: number, now: number): number {
  const seconds = Math.ceil((instant - now) / 1000);
  return seconds < 1 ? 1 : seconds;
}
