import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundaryValues } from '../../../../src/contract/phases/boundary-values.js';
import { arbitraryFor } from '../../../../src/contract/phases/schema-arbitrary.js';
import { mergePatch, patchDifferences, putDifferences } from '../../../../src/contract/phases/write-semantics.js';

const codePoints = (s: string) => Array.from(s).length;

describe('strings the fuzz and boundary phases send', () => {
  it('range over the whole of Unicode and keep the lengths JSON Schema counts (code points)', () => {
    const samples = fc.sample(arbitraryFor({ type: 'string', minLength: 1, maxLength: 5 }), { numRuns: 2000, seed: 7 }) as string[];
    expect(samples.every((s) => codePoints(s) >= 1 && codePoints(s) <= 5)).toBe(true);
    expect(samples.some((s) => /[\u{10000}-\u{10FFFF}]/u.test(s))).toBe(true);
    expect(samples.some((s) => /\p{M}/u.test(s))).toBe(true);
    expect(samples.some((s) => /[\u200B-\u200F\u202E\u2066\uFEFF]/.test(s))).toBe(true);
    expect(samples.some((s) => /['"\\<>;]/.test(s))).toBe(true);
    expect(samples.some((s) => s.length > 1 && s.startsWith(' ') && s.endsWith(' '))).toBe(true);
  });

  it('put a maxLength of astral characters, a Unicode phrase and a metacharacter phrase on the accepted side of the bounds', () => {
    const values = boundaryValues({ type: 'string', minLength: 1, maxLength: 100 });
    const astral = values.find((v) => v.label === 'maxLength:astral')!;
    expect({ accepted: astral.accepted, codePoints: codePoints(astral.value as string), utf16: (astral.value as string).length }).toEqual({ accepted: true, codePoints: 100, utf16: 200 });
    for (const label of ['text:unicode', 'text:metacharacters']) {
      const v = values.find((x) => x.label === label)!;
      expect(v.accepted).toBe(true);
      expect(codePoints(v.value as string)).toBeLessThanOrEqual(100);
    }
    expect(codePoints(boundaryValues({ type: 'string', maxLength: 3 }).find((v) => v.label === 'text:metacharacters')!.value as string)).toBe(3);
  });
});

describe('what the stateful model expects of a write', () => {
  it('takes a PATCH as a JSON merge patch (RFC 7396): null removes, objects merge', () => {
    expect(mergePatch({ a: 1, b: { c: 2, d: 3 }, e: 4 }, { a: null, b: { d: null, f: 5 } })).toEqual({ b: { c: 2, f: 5 }, e: 4 });
    expect(patchDifferences({ id: 1, tag: 'x' }, { tag: null }, { id: 1, tag: 'x' })).toEqual(['tag']);
    expect(patchDifferences({ id: 1, tag: 'x' }, { tag: null }, { id: 1 })).toEqual([]);
  });

  it('takes a PUT as a replacement, keeping only what a rule keeps', () => {
    const before = { id: 1, name: 'a', description: 'old', status: 'sold' };
    const twin = { id: 2, name: 'b', status: 'available' };
    // description kept though a create with the same body has none: a PUT that does not replace
    expect(putDifferences(['name', 'description', 'status'], { name: 'b' }, before, { id: 1, name: 'b', description: 'old', status: 'available' }, ['status'], twin).map((d) => d.field)).toEqual(['description', 'status']);
    expect(putDifferences(['name', 'description', 'status'], { name: 'b' }, before, { id: 1, name: 'b', status: 'sold' }, ['status'], twin)).toEqual([]);
  });
});
