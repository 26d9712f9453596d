/**
 * Whether a regular expression repeats something that itself repeats (`(a+)+`, `(a{1,9}){1,9}`,
 * `(?:\d*,)*`): the shape that makes a backtracking engine take exponential (or, with counted
 * repeats, enormous) time on a string that almost matches. A cheap, conservative reading of the
 * source: escapes and character classes are skipped, groups tracked (lookarounds like any
 * other); a quantifier after a group that holds a quantifier is nested. `?` repeats nothing.
 */
export function hasNestedQuantifier(pattern: string): boolean {
  // One entry per open group: whether something inside it repeats.
  const groups: boolean[] = [];
  const markRepeats = () => {
    if (groups.length > 0) groups[groups.length - 1] = true;
  };
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    let innerRepeats = false;
    if (c === '\\') {
      i += 2;
    } else if (c === '[') {
      i = classEnd(pattern, i);
    } else if (c === '(') {
      groups.push(false);
      i += 1;
      continue;
    } else if (c === ')') {
      innerRepeats = groups.pop() ?? false;
      // An unquantified group passes on what it holds.
      if (innerRepeats) markRepeats();
      i += 1;
    } else {
      i += 1;
    }
    const length = quantifierLength(pattern, i);
    if (length === 0) continue;
    if (repeats(pattern, i)) {
      if (innerRepeats) return true;
      markRepeats();
    }
    i += length;
    if (pattern[i] === '?') i += 1; // lazy
  }
  return false;
}

function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '^') i += 1;
  if (pattern[i] === ']') i += 1;
  while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
  return i + 1;
}

function quantifierLength(pattern: string, at: number): number {
  const c = pattern[at];
  if (c === '*' || c === '+' || c === '?') return 1;
  if (c !== '{') return 0;
  return /^\{\d+(,\d*)?\}/.exec(pattern.slice(at, at + 40))?.[0].length ?? 0;
}

/** Whether the quantifier at `at` can take its atom more than once (`?`, `{0,1}`, `{1}` cannot). */
function repeats(pattern: string, at: number): boolean {
  const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(at, at + 40));
  if (!m) return pattern[at] !== '?';
  const max = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
  return max > 1;
}
