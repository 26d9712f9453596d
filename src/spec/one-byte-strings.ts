/**
 * Parsing a document without making all its strings two-byte.
 *
 * V8 stores a string holding any character above U+00FF (an emoji, an em dash in a description)
 * as two bytes per character, and js-yaml slices its strings out of the source text: one such
 * character anywhere in a document made every key, name and seeded value two-byte, keys included
 * (V8 interns keys by content, so a copy made afterwards is the same two-byte key). Every answer
 * was then serialised from two-byte strings and converted to UTF-8 on the way out: a third of the
 * mock's throughput on the Museum document, which has one crab emoji.
 *
 * So such a text is parsed with each of those characters written as a Latin-1 marker, its code
 * point in hex, and the marker again; the strings that hold one get their characters back after
 * parsing. YAML's syntax is all ASCII, so the stand-ins change no structure. The marker is a
 * character the text does not contain, nor writes as an escape; with none free, or with
 * characters that must reach the parser as they are (a byte-order mark, U+FFFE/U+FFFF, a lone
 * surrogate), the text is parsed as it is.
 */
const WIDE = /[^\x00-\xff]/u;
const WIDE_ALL = /[^\x00-\xff]/gu;
const MARKERS = ['\u00a7', '\u00b6', '\u00a4', '\u00ac', '\u00b1', '\u00d7', '\u00f7', '\u00a6'];

// A surrogate without its other half: js-yaml refuses it, so it must reach js-yaml as it is.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface NarrowText {
  text: string;
  /** Puts the wide characters back into the parsed value (in place; shared objects stay shared). */
  restore<T>(value: T): T;
  /** One string with its wide characters back (a key in an error's JSON path). */
  widen(text: string): string;
}

/** The text to give the parser, and how to undo the stand-ins; `undefined` when not needed. */
export function narrowText(text: string): NarrowText | undefined {
  if (!WIDE.test(text) || /[\ufeff\ufffe\uffff]/.test(text) || LONE_SURROGATE.test(text)) return undefined;
  const marker = MARKERS.find((m) => !text.includes(m) && !escapesTo(text, m));
  if (marker === undefined) return undefined;
  const standIn = new RegExp(`${marker}([0-9a-f]+)${marker}`, 'g');
  const widen = (s: string) => (s.includes(marker) ? s.replace(standIn, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16))) : s);
  const replaced = text.replace(WIDE_ALL, (c) => `${marker}${c.codePointAt(0)!.toString(16)}${marker}`);
  return {
    // `replace` on a two-byte string answers a two-byte string; JSON.parse builds a one-byte one.
    text: JSON.parse(JSON.stringify(replaced)) as string,
    restore: (value) => restoreIn(value, widen),
    widen,
  };
}

/** Whether a double-quoted YAML or JSON escape in the text could produce the marker. */
function escapesTo(text: string, marker: string): boolean {
  const hex = marker.charCodeAt(0).toString(16);
  return new RegExp(`\\\\(x|u00|U000000)${hex}`, 'i').test(text);
}

function restoreIn<T>(root: T, widen: (s: string) => string): T {
  const seen = new Set<object>();
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') return widen(value);
    if (typeof value !== 'object' || value === null || seen.has(value)) return value;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = visit(value[i]);
      return value;
    }
    if (Object.getPrototypeOf(value) !== Object.prototype) return value;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.some((k) => widen(k) !== k)) {
      // Renamed keys keep their order: every key is taken out and put back.
      const entries = keys.map((k) => [widen(k), record[k]] as const);
      for (const k of keys) delete record[k];
      // Defined, not assigned: assigning `__proto__` would set the prototype, where js-yaml
      // makes an own property of that name.
      for (const [k, v] of entries) Object.defineProperty(record, k, { value: visit(v), writable: true, enumerable: true, configurable: true });
    } else {
      for (const k of keys) record[k] = visit(record[k]);
    }
    return value;
  };
  return visit(root) as T;
}
