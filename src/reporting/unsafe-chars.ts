import { escapeControls, escapeOne } from '../core/escape-controls.js';

/**
 * Characters from a target that a report shows as the visible text `\uXXXX` instead of passing
 * on (the rule of src/core/escape-controls.ts; tab and line feed pass). In JSON text `\uXXXX` is
 * the JSON escape of the same character (raw characters can only sit inside strings there), so
 * report.json parses to the same data yet holds no raw control for `cat` or an editor to obey.
 */
export function escapeUnsafe(text: string): string {
  return escapeControls(text, true);
}

export const visibleEscape = escapeOne;
