/**
 * A path segment that mixes templates with literal text: `{Sid}.json`, `{name}.{ext}`,
 * `{name}:cancel`, `project.{format}`, `released{cursor}`. Each template takes at least one
 * character and as few as it can, left to right, so `{name}.{ext}` reads `a.tar.gz` as `a` and
 * `tar.gz`; the literal text must match exactly. Prism routes such segments the same way.
 */
export interface SegmentPattern {
  /** The segment as written, which identifies the pattern. */
  source: string;
  regex: RegExp;
  names: readonly string[];
  /** Characters of literal text: the more, the more specific (tried first). */
  literalLength: number;
  /** The template values of a segment the regex matches. */
  read(segment: string): Record<string, string>;
}

/** The pattern of a segment with templates and literal text; undefined for a plain literal or a plain `{param}`. */
export function segmentPattern(segment: string): SegmentPattern | undefined {
  const names: string[] = [];
  let literalLength = 0;
  const source = segment
    .split(/(\{[^{}]+\})/)
    .map((part) => {
      const template = /^\{([^{}]+)\}$/.exec(part);
      if (template) {
        names.push(template[1] as string);
        return '(.+?)';
      }
      literalLength += part.length;
      return part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
    })
    .join('');
  if (names.length === 0 || literalLength === 0) return undefined;
  const regex = new RegExp(`^${source}$`);
  return {
    source: segment,
    regex,
    names,
    literalLength,
    read(value) {
      const match = regex.exec(value);
      return Object.fromEntries(names.map((name, i) => [name, match?.[i + 1] ?? '']));
    },
  };
}
