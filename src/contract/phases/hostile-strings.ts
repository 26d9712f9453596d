import fc from 'fast-check';

/**
 * Single code points that servers mishandle: astral (outside the Basic Multilingual Plane, two
 * UTF-16 units: a utf8mb3 column refuses them), combining marks, right-to-left and zero-width
 * characters, white space other than a space, and the characters that break SQL, JSON and HTML
 * built by hand. Each is one code point, so a string of N of them has the JSON Schema length N.
 */
export const HOSTILE_CHARACTERS: readonly string[] = [
  '\u{1F600}', '\u{1F431}', '\u{1D54F}', '\u{20000}', '\u{1F3F3}',
  '\u0301', '\u0308', '\u20DD',
  '\u05D0', '\u0627', '\u200E', '\u200F', '\u202E', '\u2066',
  '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF',
  ' ', '\t', '\n', '\u00A0', '\u3000',
  "'", '"', '\\', '`', ';', '%', '_', '-', '<', '>', '&', '{', '}', '[', ']', '/', '\u0000',
];

/** Whole phrases of the same kinds, for the boundary phase's fixed values (cut to the schema's length). */
export const UNICODE_TEXT = 'Zoë \u{1F600}\u{1F431} e\u0301\u0308 \u05E9\u05DC\u05D5\u05DD \u202Eabc\u202C a\u200Bb\u200D\u2060\uFEFF \u{1D54F}\u{20000}';
export const METACHARACTER_TEXT = `O'Brien "quoted" \\ \`x\` '; DROP TABLE t; -- <script>alert(1)</script> & %s %00 {"a":[1]} ../`;

/** The code points that are not surrogate halves, numbered without the gap. */
const SURROGATES = 0xe000 - 0xd800;

/**
 * Any scalar value of Unicode (every code point but the surrogate halves, which no UTF-8 body can
 * carry). Made from an integer rather than fast-check's `binary` unit, whose tables take 175 MB
 * at construction: the runner's own memory bound (test/hostile/runner-bodies) cannot afford them.
 */
const ANY_SCALAR: fc.Arbitrary<string> = fc.integer({ min: 0, max: 0x10ffff - SURROGATES }).map((n) => String.fromCodePoint(n < 0xd800 ? n : n + SURROGATES));

let unit: fc.Arbitrary<string> | undefined;

/**
 * One code point of a generated string: mostly printable ASCII, else any scalar value of Unicode,
 * a printable one outside ASCII (`grapheme-composite`), or one of the hostile characters above.
 * Built on first use: a run without the fuzz phases does not pay for it.
 */
function unitArbitrary(): fc.Arbitrary<string> {
  unit ??= fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 }) },
    { weight: 1, arbitrary: ANY_SCALAR },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_CHARACTERS) },
  );
  return unit;
}

/**
 * Strings of `minLength` to `maxLength` code points over the whole of Unicode. One in five has
 * white space at both ends (a server that trims what it stores reads back changed).
 */
export function unicodeString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const text = fc.string({ unit: unitArbitrary(), minLength, maxLength });
  return fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: text.map(padded) });
}

/** Printable ASCII only: a record's key, which is a path segment and a Location header. */
export function plainString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ minLength, maxLength });
}

function padded(text: string): string {
  const points = Array.from(text);
  if (points.length === 0) return text;
  points[0] = ' ';
  if (points.length > 1) points[points.length - 1] = ' ';
  return points.join('');
}

/** A text cut to at most `max` code points and padded with `x` to at least `min` (JSON Schema counts code points, not UTF-16 units). */
export function fitted(text: string, min: number, max: number): string {
  const points = Array.from(text).slice(0, max);
  while (points.length < min) points.push('x');
  return points.join('');
}
