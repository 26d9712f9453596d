/**
 * Escaping for XML 1.0. Characters XML 1.0 cannot carry at all (most C0 controls, lone
 * surrogates, U+FFFE/U+FFFF) are written as the visible text `\uXXXX`, so the report stays
 * well-formed and still shows what the server sent.
 */

import { visibleEscape as visible } from './unsafe-chars.js';

// Outside Char ::= #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]; then
// DEL, C1 and bidi controls: legal XML, but a reader's screen should show them, not obey them.
// eslint-disable-next-line no-control-regex
const ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export function toXmlChars(text: string): string {
  return text.replace(ILLEGAL, visible);
}

/** Text content of an element. `>` is escaped too, so `]]>` can never appear. */
export function escapeXmlText(text: string): string {
  return toXmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * An attribute value in double quotes. Tabs and line breaks become character references, since a
 * parser would otherwise normalise them to spaces.
 */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}
