/**
 * How deep a JSON text may nest arrays and objects before it is refused. `JSON.parse` takes any
 * depth, but `JSON.stringify`, the schema validator and every recursive walk of a record run out
 * of stack a few thousand levels down: one stored body nested 5,000 levels deep crashed the mock
 * when it was answered, and made every snapshot export fail. No schema a reader writes by hand
 * comes near this; Jackson refuses past 1,000 and Python's json past about 1,000 as well.
 */
export const MAX_JSON_DEPTH = 512;

/**
 * True when `text` nests deeper than `max` levels of `[` and `{` outside strings. One pass, no
 * allocation; a text too short to reach the depth is not scanned.
 */
export function nestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  if (text.length <= max * 2) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The same rule for a value already parsed (a body an earlier parser read): an iterative walk. */
export function valueNestsDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
