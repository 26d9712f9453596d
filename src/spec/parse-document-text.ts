import yaml from 'js-yaml';
import { type NarrowText, narrowText } from './one-byte-strings.js';
import { SpecError } from './spec-error.js';

/**
 * How many values the parsed document may hold once every YAML alias is expanded: the larger of
 * this and ten times the values it holds as written (scalars included). js-yaml shares one object per anchor, so an
 * alias bomb parses in microseconds; it explodes only when something walks it (dereferencing,
 * validation, JSON output). Counting the expanded size first refuses it before anything does.
 */
export const MAX_EXPANDED_VALUES = 1_000_000;
const MAX_EXPANSION_RATIO = 10;
/** Far deeper than any real document; deeper ones would only exhaust the stack of later passes. */
export const MAX_NESTING = 500;

/** Parses YAML or JSON text into a document object, with the line of any syntax error. */
export function parseDocumentText(file: string, text: string): unknown {
  return parseWith(file, text, narrowText(text));
}

function parseWith(file: string, text: string, narrow: NarrowText | undefined): unknown {
  let parsed: unknown;
  try {
    // js-yaml: about ten times faster than the `yaml` package on this document (start-up time),
    // refuses duplicate keys, and JSON is YAML, so one parser reads both.
    parsed = yaml.load(narrow?.text ?? text, { filename: file, json: false });
  } catch (err) {
    // The error's line and column are those of the text as written.
    if (narrow) return parseWith(file, text, undefined);
    if (err instanceof yaml.YAMLException) {
      const where = err.mark ? ` at line ${err.mark.line + 1}, column ${err.mark.column + 1}` : '';
      throw new SpecError(file, `is not valid YAML${where}: ${err.reason}`);
    }
    if (err instanceof RangeError) throw new SpecError(file, 'nests too deeply to be read');
    throw err;
  }
  checkExpansion(file, parsed, narrow?.widen);
  return narrow ? narrow.restore(parsed) : parsed;
}

/**
 * Refuses a value whose aliases refer to themselves (js-yaml builds a cyclic object) or expand
 * past the bound. The count is memoised per shared object, so it costs one pass over the values
 * as written, whatever the expansion.
 */
function checkExpansion(file: string, root: unknown, widen: (key: string) => string = (key) => key): void {
  const expanded = new Map<object, number>();
  const onPath = new Set<object>();
  // Values as written: the root and each entry of each distinct object. With no alias the
  // expanded count equals it, so a large document without aliases is never taken for a bomb.
  let written = 1;
  let limit = MAX_EXPANDED_VALUES;

  // The keys from the root to the value being counted: a pointer is built only for an error.
  const keys: string[] = [];
  const pointer = () => pointerOf(keys.map(widen));
  const size = (value: unknown): number => {
    if (typeof value !== 'object' || value === null) return 1;
    if (keys.length > MAX_NESTING) throw new SpecError(file, `nests deeper than ${MAX_NESTING} levels (at ${pointer().slice(0, 200)}…)`);
    const known = expanded.get(value);
    if (known !== undefined) return known;
    if (onPath.has(value)) throw new SpecError(file, `has a YAML alias that contains itself at ${pointer()}`);
    onPath.add(value);
    const entries = Object.entries(value);
    written += entries.length;
    limit = Math.max(limit, written * MAX_EXPANSION_RATIO);
    let total = 1;
    for (const [key, child] of entries) {
      keys.push(key);
      total += size(child);
      keys.pop();
      if (total > limit) {
        throw new SpecError(file, `expands to more than ${limit.toLocaleString('en')} values through YAML aliases (at ${pointer()}); an alias bomb is refused`);
      }
    }
    onPath.delete(value);
    expanded.set(value, total);
    return total;
  };
  size(root);
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** The JSON pointer of a path of keys (`/` for the root). */
export function pointerOf(keys: readonly string[]): string {
  return keys.length === 0 ? '/' : keys.map((k) => `/${escapePointer(k)}`).join('');
}
