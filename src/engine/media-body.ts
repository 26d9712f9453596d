import type { Faker } from '@faker-js/faker';
import { isJsonType } from './documented-responses.js';

/**
 * A value as the body of a documented media type that is not JSON: text as it is (a non-string
 * as JSON text), XML elements named after the properties, bytes for anything binary.
 */
export function encodeBody(value: unknown, type: string, faker: Faker): { body: unknown; contentType?: string } {
  if (isJsonType(type)) return type === 'application/json' || type === '*/*' ? { body: value } : { body: value, contentType: type };
  const base = type.split(';', 1)[0]!.trim().toLowerCase();
  if (base.endsWith('/xml') || base.endsWith('+xml')) return { body: `<?xml version="1.0" encoding="UTF-8"?>\n${xml('root', value)}`, contentType: type };
  if (base.startsWith('text/') || base === 'application/x-www-form-urlencoded') {
    if (base === 'application/x-www-form-urlencoded' && value && typeof value === 'object') {
      return { body: new URLSearchParams(Object.entries(value).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(), contentType: type };
    }
    return { body: typeof value === 'string' ? value : JSON.stringify(value ?? ''), contentType: type };
  }
  const bytes = new TextEncoder().encode(typeof value === 'string' ? value : faker.string.alphanumeric(32));
  return { body: bytes, contentType: base.includes('*') ? 'application/octet-stream' : type };
}

function xml(name: string, value: unknown): string {
  if (Array.isArray(value)) return `<${name}>${value.map((v) => xml('item', v)).join('')}</${name}>`;
  if (value && typeof value === 'object') {
    return `<${name}>${Object.entries(value).map(([k, v]) => xml(k.replace(/[^A-Za-z0-9_.-]/g, '_') || '_', v)).join('')}</${name}>`;
  }
  return `<${name}>${escape(value === null || value === undefined ? '' : String(value))}</${name}>`;
}

function escape(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
