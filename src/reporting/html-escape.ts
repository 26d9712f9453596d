/** Escaping for text placed in HTML, in element content or in a double- or single-quoted attribute. */
import { toXmlChars } from './xml-escape.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: unknown): string {
  // Control characters are shown as `\u0000` rather than left for the parser to drop or replace.
  return toXmlChars(String(value)).replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/** A tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(value);
}

/** A fragment made of trusted markup only (the report's own constants). */
export function raw(markup: string): Html {
  return new Html(markup);
}
