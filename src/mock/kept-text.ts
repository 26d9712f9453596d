/**
 * Text from a request that outlives it (the journal, session names) or reaches a terminal (the
 * request log): bounded, with control characters escaped, and in memory of its own.
 * docs/decisions/015-mock-hardening.md.
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

function escapeOne(char: string): string {
  return '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0');
}

/** At most `max` characters of `text` (then `…`), escaped, in a string of its own. */
export function keptText(text: string, max = 200): string {
  return ownCopy(escapeControls(text.length > max ? `${text.slice(0, max)}…` : text));
}

/**
 * A copy that shares no memory with `text`. V8 makes `slice` of a long string a view that keeps
 * the whole parent alive: the path of an 8 KB request line, kept in the journal, held the 8 KB.
 * `replace` without a match returns its input, and a concatenation keeps its parts, so neither
 * copies; JSON.parse builds a new flat string from the characters.
 */
export function ownCopy(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}
