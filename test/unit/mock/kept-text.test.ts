import { describe, expect, it } from 'vitest';
import { escapeControls } from '../../../src/core/escape-controls.js';
import { keptText } from '../../../src/mock/kept-text.js';

describe('escapeControls', () => {
  it('writes C0, DEL, C1, bidi and line-separator characters as \\uXXXX and leaves the rest', () => {
    expect(escapeControls('a\u0000b\u001b[2Jc\u007fd\u009be\u202ef\u2066g\u2069h\u2028i\tj\nk é ü ✓')).toBe(
      'a\\u0000b\\u001b[2Jc\\u007fd\\u009be\\u202ef\\u2066g\\u2069h\\u2028i\\u0009j\\u000ak é ü ✓',
    );
  });

  it('lets tab and newline through in text of many lines', () => {
    expect(escapeControls('Error: x\u009b\n    at f\t(y)\r', true)).toBe('Error: x\\u009b\n    at f\t(y)\\u000d');
  });
});

describe('keptText', () => {
  it('cuts at the limit, marks the cut and escapes what is kept', () => {
    expect(keptText('/pets', 200)).toBe('/pets');
    expect(keptText(`/${'a'.repeat(300)}`, 10)).toBe(`/${'a'.repeat(9)}…`);
    expect(keptText('\u009b'.repeat(5), 3)).toBe('\\u009b\\u009b\\u009b…');
  });
});
