import { RE2JS } from 're2js';
import { hasNestedQuantifier } from './nested-quantifiers.js';
import { patternMeaning } from './pattern-dialect.js';

/** What ajv and the value generator need of a compiled `pattern`: a search anywhere in the text. */
export interface PatternMatcher {
  test(text: string): boolean;
  /** ajv keys its cache of patterns by this. */
  toString(): string;
}

/**
 * How a document's `pattern` is matched (docs/decisions/047-pattern-engine.md):
 * - `re2`: by RE2JS, in time linear in the text, whatever the pattern (`^(a+)+$` included);
 * - `native`: by JavaScript's own engine, for what RE2 does not read (lookaround, back-references,
 *   repeat counts over 1,000, `\p{...}` names of JavaScript's own) and that repeats nothing that
 *   repeats, so it cannot backtrack exponentially;
 * - `unchecked`: RE2 cannot read it and it nests repeats: it matches every text, and loading says so;
 * - `invalid`: neither engine reads it; loading refuses the document.
 */
export type PatternVerdict =
  | { kind: 're2' | 'native' | 'unchecked'; matcher: PatternMatcher; reason?: string }
  | { kind: 'invalid'; reason: string };

const verdicts = new Map<string, PatternVerdict>();
const anything: PatternMatcher = { test: () => true, toString: () => '/(?:)/unchecked' };

/**
 * The verdict on a JSON Schema pattern (ECMA-262 with the `u` flag, or without it where a
 * document was written for another engine: `unicode: false`), computed once per pattern.
 */
export function patternVerdict(pattern: string, unicode = true): PatternVerdict {
  const key = `${unicode ? 'u' : '-'}${pattern}`;
  let verdict = verdicts.get(key);
  if (!verdict) verdicts.set(key, (verdict = judge(pattern, unicode)));
  return verdict;
}

/** The matcher of a pattern, or undefined when no engine reads it. */
export function patternMatcher(pattern: string, unicode = true): PatternMatcher | undefined {
  const verdict = patternVerdict(pattern, unicode);
  return verdict.kind === 'invalid' ? undefined : verdict.matcher;
}

/**
 * The matcher a document's pattern is checked with: read with `u` where it can be, else without
 * (`\_` and `\:` are errors under `u` only), as ajv's lenient twin reads it (decision 017).
 */
export function documentPatternMatcher(pattern: string): PatternMatcher | undefined {
  return patternMatcher(pattern) ?? patternMatcher(pattern, false);
}

function judge(written: string, unicode: boolean): PatternVerdict {
  // A pattern written for another engine is matched as its author meant (pattern-dialect.ts).
  const { source: pattern, flags } = patternMeaning(written);
  let native: RegExp;
  try {
    native = new RegExp(pattern, `${unicode ? 'u' : ''}${flags}`);
  } catch (err) {
    return { kind: 'invalid', reason: (err as Error).message };
  }
  let re2Problem: string;
  try {
    const re2 = RE2JS.compile(RE2JS.translateRegExp(pattern), re2Flags(flags));
    return { kind: 're2', matcher: { test: (text) => re2.test(text), toString: () => native.toString() } };
  } catch (err) {
    re2Problem = (err as Error).message;
  }
  if (hasNestedQuantifier(pattern)) {
    return { kind: 'unchecked', matcher: anything, reason: `RE2 cannot read it (${re2Problem}) and it repeats a repetition, which a backtracking engine can take hours to match` };
  }
  return { kind: 'native', matcher: native };
}

function re2Flags(flags: string): number {
  return (flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0) | (flags.includes('s') ? RE2JS.DOTALL : 0) | (flags.includes('m') ? RE2JS.MULTILINE : 0);
}

/**
 * `patternMatcher` in the shape ajv's `code.regExp` option takes: it throws, as `new RegExp`
 * does, for a pattern no engine reads (ajv then tries its lenient twin, decision 017).
 */
export function ajvRegExp(pattern: string, flags: string): PatternMatcher {
  const verdict = patternVerdict(pattern, flags.includes('u'));
  if (verdict.kind === 'invalid') throw new SyntaxError(`Invalid regular expression: /${pattern}/: ${verdict.reason}`);
  return verdict.matcher;
}
ajvRegExp.code = 'patternMatcher';
