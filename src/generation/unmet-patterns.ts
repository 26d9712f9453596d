import type { Faker } from '@faker-js/faker';
import { patternVerdict } from '../spec/pattern-matcher.js';
import { createFaker } from './create-faker.js';
import { fakeFromPattern } from './fake-pattern.js';

/** Tries per pattern at load, as fake-value.ts tries per value: with longer, then shorter repeats. */
const REPEATS = [8, 4, 2, 1, 0, 8, 4, 2, 1, 0, 8, 1];
const verdicts = new Map<string, boolean>();
let faker: Faker | undefined;

/**
 * Whether no string the generator makes matches `pattern` (a pattern that matches nothing as
 * written, or one beyond fake-pattern.ts): the mock then serves a value that breaks it, and
 * start-up says so. Unchecked and unreadable patterns are named by document-patterns.ts instead.
 */
export function isUnmetPattern(pattern: string): boolean {
  let unmet = verdicts.get(pattern);
  if (unmet === undefined) {
    const asWritten = patternVerdict(pattern).kind;
    const kind = asWritten === 'invalid' ? patternVerdict(pattern, false).kind : asWritten;
    faker ??= createFaker(1);
    unmet = kind !== 'unchecked' && kind !== 'invalid' && !REPEATS.some((repeat) => fakeFromPattern(pattern, faker!, repeat) !== undefined);
    verdicts.set(pattern, unmet);
  }
  return unmet;
}

/** The start-up note on such a pattern, at `where` (its JSON path). */
export function unmetPatternNote(where: string, pattern: string): string {
  const shown = JSON.stringify(pattern.length > 120 ? `${pattern.slice(0, 120)}…` : pattern);
  return `${where}: no string the mock makes matches the pattern ${shown}: answers carry a value of the schema's format and length that breaks it`;
}
