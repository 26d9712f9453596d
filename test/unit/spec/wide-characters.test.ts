import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { parseDocumentText } from '../../../src/spec/load-document.js';
import { SpecError } from '../../../src/spec/spec-error.js';

// parseDocumentText hands js-yaml a text with characters above U+00FF written as stand-ins (so
// V8 keeps the document's strings one-byte) and puts them back afterwards: what it returns must be
// exactly what js-yaml makes of the text as written.
const sameAsJsYaml = (text: string) => expect(parseDocumentText('doc.yaml', text)).toStrictEqual(yaml.load(text));

describe('documents with characters above U+00FF', () => {
  it('keeps a __proto__ key as js-yaml does, beside a key it renames', () => {
    const text = 'x-✓: 1\n__proto__: { polluted: yes }\nafter: 2\n';
    sameAsJsYaml(text);
    const parsed = parseDocumentText('doc.yaml', text) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual(['x-✓', '__proto__', 'after']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it('refuses a lone surrogate as js-yaml does', () => {
    const text = 'title: café —\nbad: "x"\nlone: a\ud800b\n';
    expect(() => yaml.load(text)).toThrow(/non-printable/);
    expect(() => parseDocumentText('doc.yaml', text)).toThrow(SpecError);
    expect(() => parseDocumentText('doc.yaml', text)).toThrow(/non-printable/);
  });

  it('names keys in an error\'s JSON path with their own characters, not the stand-ins', () => {
    const text = ['a: &a [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]', 'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]', 'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]', 'd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]', 'e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]', 'x-😀: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e, *e, *e, *e]'].join('\n');
    expect(() => parseDocumentText('doc.yaml', text)).toThrow(/\(at \/x-😀\)/);
    expect(() => parseDocumentText('doc.yaml', text)).not.toThrow(/1f600/);
  });

  it('reads values, keys, block scalars and escapes as written', () => {
    sameAsJsYaml(
      [
        'info:',
        '  title: Museum 🦀 — café',
        '  description: |',
        '    Line one — “quoted”',
        '    Line two 🎶🌊',
        '  x-emoji-🦀: crab',
        '  x-escaped: "\\u2014 and \\u00a7 and § written"',
        '  plain: ascii only',
        '  flow: [a—b, {k✓: v✓}]',
        "  single: 'it’s'",
        '# a comment with ✓',
      ].join('\n'),
    );
  });

  it('keeps the order of keys it renames and the sharing of anchored values', () => {
    const doc = parseDocumentText('doc.yaml', 'a: 1\nb✓: 2\nc: 3\nshared: &s {name: n✓}\nuse: *s\n') as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['a', 'b✓', 'c', 'shared', 'use']);
    expect(doc.use).toBe(doc.shared);
    expect(doc.use).toEqual({ name: 'n✓' });
  });

  it('reads the text as written when every marker is taken', () => {
    sameAsJsYaml('all: "§ ¶ ¤ ¬ ± × ÷ ¦"\nwide: ✓ 🦀\n');
    sameAsJsYaml('escapes: "\\xa7 \\u00B6 \\U000000a4 \\u00ac \\u00b1 \\u00d7 \\u00f7 \\u00a6"\nwide: ✓\n');
  });

  it('reads JSON too, with its escapes', () => {
    sameAsJsYaml('{"title": "caf\\u00e9 ✓", "k🦀": ["\\ud83e\\udd80", "—"]}');
  });

  it('keeps a byte-order mark out of the values', () => {
    sameAsJsYaml('\ufeffopenapi: 3.1.0\ntitle: ✓\n');
  });

  it('reports a syntax error at its line and column in the text as written', () => {
    const text = 'a: 🦀🦀🦀\nb: [unclosed ✓\n';
    let error: unknown;
    try {
      parseDocumentText('doc.yaml', text);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(SpecError);
    let expected = '';
    try {
      yaml.load(text);
    } catch (err) {
      const mark = (err as yaml.YAMLException).mark;
      expected = `line ${mark.line + 1}, column ${mark.column + 1}`;
    }
    expect((error as Error).message).toContain(expected);
  });
});
