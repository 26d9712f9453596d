/**
 * What a document's `pattern` means when it was written for another engine than ECMAScript's
 * (docs/decisions/101-patterns-of-other-dialects.md). Two spellings are common in real documents
 * and, read as ECMAScript, match nothing or the wrong thing:
 * - a JavaScript regular-expression literal, `/^[a-z0-9._]+$/` or `/^[0-9]{5}$/i`: read as
 *   written, a `^` after the opening slash can never match, so no value is valid;
 * - Java's syntax (AWS documents): `\p{XDigit}`, `\p{Alnum}`, `\p{Print}` and the other POSIX
 *   class names, `\p{IsLetter}`, and `\A`, `\z`, `\Z`: with the `u` flag they are errors, and
 *   without it `\p{XDigit}` is the text `p{XDigit}`.
 * Each is read as its author meant, and only where the ECMAScript reading is broken as said; any
 * other pattern is read as written.
 */
export interface PatternMeaning {
  /** The ECMAScript source to match. */
  source: string;
  /** Flags beside `u` that the literal carried: `i`, `m`, `s`. */
  flags: string;
  /** Which other dialect it was read in, when it was. */
  dialect?: 'literal' | 'java';
}

const LITERAL = /^\/([\s\S]+)\/([gimsuy]*)$/;

/** Java's POSIX classes (US-ASCII, as Java reads them without UNICODE_CHARACTER_CLASS), as the inside of a class. */
const JAVA_CLASSES: Record<string, string> = {
  Lower: 'a-z',
  Upper: 'A-Z',
  ASCII: '\\x00-\\x7F',
  Alpha: 'a-zA-Z',
  Digit: '0-9',
  Alnum: '0-9a-zA-Z',
  Punct: '!-\\/:-@\\[-`{-~',
  Graph: '!-~',
  Print: ' -~',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1F\\x7F',
  XDigit: '0-9a-fA-F',
  Space: ' \\t\\n\\x0B\\f\\r',
  IsLetter: '\\p{L}',
  IsDigit: '\\p{Nd}',
  IsAlphabetic: '\\p{Alphabetic}',
  all: '\\s\\S',
};
const JAVA_ANCHORS: Record<string, string> = { A: '^', z: '$', Z: '$' };

const meanings = new Map<string, PatternMeaning>();

export function patternMeaning(pattern: string): PatternMeaning {
  let meaning = meanings.get(pattern);
  if (!meaning) meanings.set(pattern, (meaning = read(pattern)));
  return meaning;
}

function read(pattern: string): PatternMeaning {
  const literal = LITERAL.exec(pattern);
  // Only a literal whose own anchors sit inside its slashes: read as written it matches nothing.
  if (literal && (literal[1]!.startsWith('^') || /(?<!\\)\$$/.test(literal[1]!)) && compiles(literal[1]!)) {
    return { source: literal[1]!, flags: [...new Set(literal[2]!.replace(/[guy]/g, ''))].join(''), dialect: 'literal' };
  }
  if (!compiles(pattern)) {
    const java = fromJava(pattern);
    if (java !== undefined && compiles(java)) return { source: java, flags: '', dialect: 'java' };
  }
  return { source: pattern, flags: '' };
}

function compiles(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The pattern with Java's class names and anchors spelt in ECMAScript, or undefined if it has none. */
function fromJava(pattern: string): string | undefined {
  let out = '';
  let inClass = false;
  let changed = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      const named = /^([pP])\{(\w+)\}/.exec(pattern.slice(i + 1));
      const body = named ? JAVA_CLASSES[named[2]!] : undefined;
      if (named && body !== undefined && !(inClass && named[1] === 'P')) {
        const negated = named[1] === 'P';
        out += inClass ? body : `[${negated ? '^' : ''}${body}]`;
        i += named[0].length;
        changed = true;
      } else if (next !== undefined && !inClass && next in JAVA_ANCHORS) {
        out += JAVA_ANCHORS[next];
        i += 1;
        changed = true;
      } else {
        out += c + (next ?? '');
        i += 1;
      }
      continue;
    }
    if (c === '[' && !inClass) inClass = true;
    else if (c === ']' && inClass) inClass = false;
    out += c;
  }
  return changed ? out : undefined;
}
