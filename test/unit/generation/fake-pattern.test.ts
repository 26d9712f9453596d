import { Faker, base, en } from '@faker-js/faker';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fakeFromPattern } from '../../../src/generation/fake-pattern.js';

const faker = new Faker({ locale: [en, base] });

// The patterns the document uses, and a few of the same family.
const SUPPORTED = [
  '^[a-z][a-z_]*$',
  '^"(minute|day)";r=\\d+;t=\\d+$',
  '^"minute";q=\\d+;w=60, "day";q=\\d+;w=86400$',
  '^@-?\\d+$',
  '^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4} \\d{2}:\\d{2}:\\d{2} GMT$',
  '^</pets\\?id=\\d+>; rel="successor-version"$',
  '^</pets\\?id=[^>]*>; rel="successor-version"$',
  '^(?:ab|c)+\\.[\\w-]{3,5}$',
  '[A-F0-9]{4}',
  '^x{2,}?y.z\\s$',
  // AWS's: a union of properties one of which (\p{M}, \p{C}) had no candidate and failed the class.
  '[\\p{L}\\p{M}\\p{S}\\p{N}\\p{P}]+',
  '[^\\p{C}]{1,20}',
];

describe('fakeFromPattern', () => {
  it('makes strings that the pattern matches, for any seed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...SUPPORTED), (seed, pattern) => {
        faker.seed(seed);
        const value = fakeFromPattern(pattern, faker);
        expect(value, pattern).toBeDefined();
        expect(new RegExp(pattern, 'u').test(value!), `${pattern} ${value}`).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('reads a `^` after lookaheads as the start (AWS qldb: `(?!^-)(?!.*-$)^[A-Za-z0-9-]+$`)', () => {
    const pattern = '(?!^.*--)(?!^[0-9]+$)(?!^-)(?!.*-$)^[A-Za-z0-9-]+$';
    const made = Array.from({ length: 20 }, (_, seed) => (faker.seed(seed), fakeFromPattern(pattern, faker)));
    expect(made.filter((v) => v !== undefined).length).toBeGreaterThan(10);
    for (const v of made) if (v !== undefined) expect(v).toMatch(new RegExp(pattern, 'u'));
  });

  it('makes what a pattern of another dialect means: a literal with its flag, Java class names', () => {
    for (let seed = 0; seed < 20; seed += 1) {
      faker.seed(seed);
      expect(fakeFromPattern('/^[0-9]{4}[a-z]$/i', faker)).toMatch(/^[0-9]{4}[a-z]$/i);
      expect(fakeFromPattern('^[\\p{XDigit}]{2}(:\\p{XDigit}{2})*\\z', faker)).toMatch(/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2})*$/);
    }
  });

  it('uses every alternative of a group over enough seeds', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 100; seed += 1) {
      faker.seed(seed);
      seen.add(fakeFromPattern('^(minute|day)$', faker)!);
    }
    expect(seen).toEqual(new Set(['minute', 'day']));
  });

  it('repeats open quantifiers no more than it is told', () => {
    faker.seed(5);
    for (let i = 0; i < 50; i += 1) expect(fakeFromPattern('^a+b*$', faker, 0)).toBe('a');
  });

  // Patterns of the APIs.guru directory that made whole operations unservable (500 on every
  // request, or an exit at start-up): amazonaws.com/fsx, servicecatalog-appregistry, codeartifact, amp.
  it('makes strings for lookarounds, \\b, \\p{...} and \\u escapes, the whole pattern checked after', () => {
    const directory = [
      '^(?=a)a$',
      '\\bword\\b',
      '\\p{L}+',
      '^[^\\u0000\\u0085\\u2028\\u2029\\r\\n]{1,203}$',
      '^([\\p{L}\\p{Z}\\p{N}_.:/=+\\-@]*)$',
      '^[\\x21-\\x7E]{1,64}$',
      '^(?<name>[A-Z]\\D\\W\\S)$',
    ];
    for (let seed = 0; seed < 20; seed += 1) {
      for (const pattern of directory) {
        faker.seed(seed);
        const value = fakeFromPattern(pattern, faker);
        expect(value, pattern).toBeDefined();
        expect(new RegExp(pattern, 'u').test(value!), `${pattern} ${value}`).toBe(true);
      }
    }
  });

  it('makes strings for a pattern only read without the u flag (identity escapes such as \\_ and \\:, amazonaws.com/amp)', () => {
    const pattern = 'arn:aws[a-z0-9-]*:logs:[a-z0-9-]+:\\d{12}:log-group:[A-Za-z0-9\\.\\-\\_\\#/]{1,512}\\:\\*';
    for (let seed = 0; seed < 20; seed += 1) {
      faker.seed(seed);
      const value = fakeFromPattern(pattern, faker);
      expect(value && new RegExp(pattern).test(value), `${value}`).toBe(true);
    }
  });

  it('makes a string for a pattern no engine checks safely (decision 047: lookahead in a repeated group), which then matches anything', () => {
    const arn = '^arn:(?=[^:]+:fsx:[^:]+:\\d{12}:)((|(?=[a-z0-9-.]{1,63})(?!\\d{1,3}(\\.\\d{1,3}){3})(?![^:]*-{2})(?![^:]*-\\.)(?![^:]*\\.-)[a-z0-9].*(?<!-)):){4}(?!/).{0,1024}$';
    faker.seed(3);
    expect(fakeFromPattern(arn, faker)).toMatch(/^arn:/);
  });

  it('answers undefined for what it cannot generate instead of a wrong string', () => {
    for (const pattern of ['^(?!a)a$', '(a)\\1', 'a^b', '[b-a]', '(']) {
      expect(fakeFromPattern(pattern, faker), pattern).toBeUndefined();
    }
  });

  it('makes the same string for the same seed', () => {
    faker.seed(11);
    const first = fakeFromPattern(SUPPORTED[4]!, faker);
    faker.seed(11);
    expect(fakeFromPattern(SUPPORTED[4]!, faker)).toBe(first);
  });
});
