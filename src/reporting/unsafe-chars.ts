/**
 * Characters from a target that a report shows as the visible text `\uXXXX` instead of passing
 * on: C0 controls (not tab or line feed), DEL, C1 controls (U+009B is a terminal's CSI) and the
 * bidi controls that make `exe.txt` read as `txt.exe` (U+202E and friends).
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_CHARS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const visibleEscape = (ch: string): string => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * The text with each unsafe character as the six characters `\uXXXX`. In JSON text this is the
 * JSON escape of the same character (raw characters can only sit inside strings there), so
 * report.json parses to the same data yet holds no raw control for `cat` or an editor to obey.
 */
export function escapeUnsafe(text: string): string {
  return text.replace(UNSAFE_CHARS, visibleEscape);
}
