/**
 * Text from outside (requests, targets, upstreams) that reaches a terminal, a log or a report is
 * shown with its control characters as visible `\u009b` escapes: shown, so a reader sees what was
 * sent, and escaped, so a terminal or editor cannot be made to obey it. One rule for the mock's
 * logs and journal and the runner's reports (docs/decisions/015-mock-hardening.md).
 */

/**
 * C0 controls, DEL, C1 controls (U+009B is a terminal's CSI), the bidi marks, embeddings,
 * overrides and isolates (U+202E turns the rest of a line around), and the line separators.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** The same, but tab and newline pass: they are harmless in a many-line message (a stack). */
const UNSAFE_IN_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Each unsafe character as `\u009b`: visible, so a log shows what was sent rather than hiding
 * it. `lines` lets tab and newline through, for text of many lines.
 */
export function escapeControls(text: string, lines = false): string {
  const unsafe = lines ? UNSAFE_IN_LINES : UNSAFE;
  // Testing first is 4x faster when there is nothing to escape, which is almost always.
  unsafe.lastIndex = 0;
  if (!unsafe.test(text)) return text;
  unsafe.lastIndex = 0;
  return text.replace(unsafe, escapeOne);
}

export function escapeOne(char: string): string {
  return '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0');
}
