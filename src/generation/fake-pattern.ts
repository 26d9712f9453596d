import type { Faker } from '@faker-js/faker';
import { patternMeaning } from '../spec/pattern-dialect.js';
import { documentPatternMatcher } from '../spec/pattern-matcher.js';

/*
 * Strings for the simple regular expressions OpenAPI documents use in `pattern`: literals,
 * escapes (\d \w \s, their negations, \uXXXX \u{X} \xXX, \p{...} and escaped punctuation), `.`,
 * character classes with ranges (negated ones too, over printable ASCII), groups with
 * alternation, and the quantifiers ? * + {n} {n,} {n,m}. Lookarounds and \b are read as
 * nothing: the string is made without them and kept only if the whole pattern matches it.
 * Anything else (backreferences) is unsupported: the function answers undefined and the caller
 * falls back (fake-value.ts says how). faker's own
 * `helpers.fromRegExp` was not used because it cannot do alternation or anchors, which every
 * header pattern of the document has.
 */

type Node =
  | { kind: 'chars'; chars: string }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

const DIGITS = '0123456789';
const WORD = `abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ${DIGITS}_`;
const SPACE = ' ';
const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
/** How far past its minimum an open quantifier (`*`, `+`, `{n,}`) repeats, unless told. */
const OPEN_REPEAT = 8;
/**
 * How far past its minimum a counted one (`{1,60000}`) may repeat, and how long a made string may
 * grow: `^(a{1,60000}){1,60000}$` would otherwise make 1.8 billion characters for one answer.
 * A pattern whose shortest string is longer is beyond this generator (decision 048).
 */
const COUNTED_SPAN = 256;
export const MAX_PATTERN_STRING = 10_000;

class Unsupported extends Error {}

/** What a lookaround or a word boundary makes: nothing (the final match checks them). */
const NOTHING: Node = { kind: 'group', alternatives: [[]] };
const CONTROL: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0' };
/** Where `\p{...}` finds its characters: printable ASCII, Latin-1 letters, a few of other scripts. */
const PROPERTY_CANDIDATES = `${PRINTABLE}\u00a0\u00c0\u00e9\u00f1\u00fc\u00df\u03b1\u0416\u05d0\u0627\u4e2d\u3042\u30a2\uac00\u00b2\u00bd\u2028\u2029\u0301`;

function without(excluded: string): string {
  return [...PRINTABLE].filter((ch) => !excluded.includes(ch)).join('');
}

/**
 * A string that `new RegExp(pattern, 'u')` matches (JSON Schema patterns are unanchored and
 * ajv compiles them with the `u` flag), or undefined when the pattern is beyond this generator.
 * `openRepeat` is how many times past its minimum an open quantifier may repeat: callers with
 * length bounds retry with a smaller or larger one.
 */
export function fakeFromPattern(pattern: string, faker: Faker, openRepeat = OPEN_REPEAT): string | undefined {
  // Made from what the pattern means (a `/.../i` literal's body, Java's classes spelt out);
  // case-insensitive ones from the body as written, which they match.
  const parsed = parse(patternMeaning(pattern).source, openRepeat);
  if (!parsed) return undefined;
  let value: string;
  try {
    value = emitAlternatives(parsed, faker, { left: MAX_PATTERN_STRING });
  } catch (err) {
    if (err instanceof Unsupported) return undefined;
    throw err;
  }
  return documentPatternMatcher(pattern)?.test(value) ? value : undefined;
}
const parsedPatterns = new Map<string, Node[][] | undefined>();

function parse(pattern: string, openRepeat: number): Node[][] | undefined {
  const key = `${openRepeat}:${pattern}`;
  if (!parsedPatterns.has(key)) {
    let parsed: Node[][] | undefined;
    try {
      parsed = new Parser(pattern, openRepeat).parse();
    } catch (err) {
      if (!(err instanceof Unsupported)) throw err;
      parsed = undefined;
    }
    parsedPatterns.set(key, parsed);
  }
  return parsedPatterns.get(key);
}

/** Characters a string being made may still take. */
interface Budget {
  left: number;
}

function emitAlternatives(alternatives: Node[][], faker: Faker, budget: Budget): string {
  const chosen = alternatives.length === 1 ? alternatives[0]! : faker.helpers.arrayElement(alternatives);
  return chosen.map((node) => emit(node, faker, budget)).join('');
}

function emit(node: Node, faker: Faker, budget: Budget): string {
  switch (node.kind) {
    case 'chars':
      if (--budget.left < 0) throw new Unsupported(`a string longer than ${MAX_PATTERN_STRING} characters`);
      return node.chars.length === 1 ? node.chars : node.chars[faker.number.int(node.chars.length - 1)]!;
    case 'group':
      return emitAlternatives(node.alternatives, faker, budget);
    case 'repeat': {
      const times = faker.number.int({ min: node.min, max: node.max });
      let out = '';
      for (let i = 0; i < times; i += 1) out += emit(node.node, faker, budget);
      return out;
    }
  }
}

class Parser {
  private at = 0;

  constructor(
    private readonly source: string,
    private readonly openRepeat: number,
  ) {}

  parse(): Node[][] {
    const alternatives = this.alternatives();
    if (this.at < this.source.length) throw new Unsupported(`unexpected ${this.source[this.at]}`);
    return alternatives;
  }

  private alternatives(): Node[][] {
    const alternatives: Node[][] = [this.sequence()];
    while (this.peek() === '|') {
      this.at += 1;
      alternatives.push(this.sequence());
    }
    return alternatives;
  }

  private sequence(): Node[] {
    const nodes: Node[] = [];
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) {
      if (c === '^' || c === '$') {
        // Anchors are only meaningful at the ends, where emitting nothing for them is right.
        // Lookarounds before a `^` consume nothing: it is still at the start.
        const atEdge = c === '^' ? nodes.every((node) => node === NOTHING) : this.at === this.source.length - 1 || this.source[this.at + 1] === ')' || this.source[this.at + 1] === '|';
        if (!atEdge) throw new Unsupported('anchor in the middle');
        this.at += 1;
        continue;
      }
      nodes.push(this.quantified(this.atom()));
    }
    return nodes;
  }

  private atom(): Node {
    const c = this.source[this.at++];
    switch (c) {
      case '(': {
        const lookaround = /^\?<?[=!]/.exec(this.source.slice(this.at, this.at + 3));
        if (lookaround) this.at += lookaround[0].length;
        else if (this.source.startsWith('?:', this.at)) this.at += 2;
        else if (/^\?<[A-Za-z_$][\w$]*>/.test(this.source.slice(this.at))) this.at = this.source.indexOf('>', this.at) + 1;
        else if (this.peek() === '?') throw new Unsupported('group modifier');
        const alternatives = this.alternatives();
        if (this.source[this.at++] !== ')') throw new Unsupported('unclosed group');
        // A lookaround consumes nothing: made without it, the final match decides.
        return lookaround ? NOTHING : { kind: 'group', alternatives };
      }
      case '[':
        return { kind: 'chars', chars: this.characterClass() };
      case '.':
        return { kind: 'chars', chars: PRINTABLE };
      case '\\': {
        if (this.peek() === 'b' || this.peek() === 'B') {
          this.at += 1;
          return NOTHING; // a word boundary consumes nothing
        }
        return { kind: 'chars', chars: this.escape() };
      }
      case '*':
      case '+':
      case '?':
      case '{':
        throw new Unsupported('quantifier without an atom');
      case undefined:
        throw new Unsupported('unexpected end');
      default:
        return { kind: 'chars', chars: c };
    }
  }

  private quantified(node: Node): Node {
    const c = this.peek();
    let min: number;
    let max: number;
    if (c === '?') [min, max] = [0, 1];
    else if (c === '*') [min, max] = [0, this.openRepeat];
    else if (c === '+') [min, max] = [1, 1 + this.openRepeat];
    else if (c === '{') {
      const match = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (!match) return node; // a literal `{`, as JavaScript reads it without the u flag
      min = Number(match[1]);
      max = match[2] === undefined ? min : match[3] === '' ? min + this.openRepeat : Math.min(Number(match[3]), min + COUNTED_SPAN);
      this.at += match[0].length - 1;
    } else return node;
    this.at += 1;
    if (this.peek() === '?') this.at += 1; // lazy: the same strings match
    if (max < min) throw new Unsupported('bad quantifier');
    return { kind: 'repeat', node, min, max };
  }

  private characterClass(): string {
    const negated = this.peek() === '^';
    if (negated) this.at += 1;
    let chars = '';
    let first = true;
    while (this.peek() !== ']' || first) {
      first = false;
      const c = this.source[this.at++];
      if (c === undefined) throw new Unsupported('unclosed class');
      const start = c === '\\' ? this.escape(true) : c;
      if (this.peek() === '-' && this.source[this.at + 1] !== ']' && this.source[this.at + 1] !== undefined && start.length === 1) {
        this.at += 1;
        const e = this.source[this.at++]!;
        const end = e === '\\' ? this.escape() : e;
        if (end.length !== 1 || end < start) throw new Unsupported('bad range');
        for (let code = start.charCodeAt(0); code <= end.charCodeAt(0); code += 1) chars += String.fromCharCode(code);
      } else chars += start;
    }
    this.at += 1;
    const set = negated ? [...PRINTABLE].filter((ch) => !chars.includes(ch)).join('') : chars;
    if (set.length === 0) throw new Unsupported('empty class');
    return set;
  }

  /** The characters one escape stands for; `this.at` is just past the backslash. */
  private escape(inClass = false): string {
    const c = this.source[this.at++];
    if (c === undefined) throw new Unsupported('trailing backslash');
    if (c === 'd') return DIGITS;
    if (c === 'w') return WORD;
    if (c === 's') return SPACE;
    if (c === 'D') return without(DIGITS);
    if (c === 'W') return without(WORD);
    if (c === 'S') return without(' ');
    if (c in CONTROL) return CONTROL[c]!;
    if (c === 'x' || c === 'u') return this.codePoint(c);
    if (c === 'p' || c === 'P') return this.property(c === 'P', inClass);
    if (/[a-zA-Z0-9]/.test(c)) throw new Unsupported(`escape \\${c}`);
    return c;
  }

  /** `\xXX`, `\uXXXX` or `\u{X...}`; `this.at` is just past the letter. */
  private codePoint(letter: 'x' | 'u'): string {
    const match = letter === 'x' ? /^[0-9a-fA-F]{2}/.exec(this.source.slice(this.at)) : /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/.exec(this.source.slice(this.at));
    if (!match) throw new Unsupported(`escape \\${letter}`);
    this.at += match[0].length;
    const code = parseInt(match[0].replace(/[{}]/g, ''), 16);
    if (code > 0x10ffff) throw new Unsupported('code point out of range');
    return String.fromCodePoint(code);
  }

  /** `\p{Name}` (or `\P{Name}`): the candidates JavaScript's engine puts in (or out of) it. */
  private property(negated: boolean, inClass: boolean): string {
    const match = /^\{([\w=]+)\}/.exec(this.source.slice(this.at));
    if (!match) throw new Unsupported('\\p without a name');
    this.at += match[0].length;
    let test: RegExp;
    try {
      test = new RegExp(`^\\p{${match[1]}}$`, 'u');
    } catch {
      throw new Unsupported(`unknown property ${match[1]}`);
    }
    const chars = [...PROPERTY_CANDIDATES].filter((ch) => test.test(ch) !== negated).join('');
    // In a class it is one part of a union: one without candidates adds nothing.
    if (chars === '' && !inClass) throw new Unsupported(`no candidate in \\p{${match[1]}}`);
    return chars;
  }

  private peek(): string | undefined {
    return this.source[this.at];
  }
}
