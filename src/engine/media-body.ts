import type { Faker } from '@faker-js/faker';
import type { Schema } from '../spec/openapi.js';
import { isJsonType } from './documented-responses.js';

/** The part of a schema that names XML elements (OpenAPI XML Object). */
type XmlSchema = { xml?: { name?: string; wrapped?: boolean; attribute?: boolean }; items?: XmlSchema; properties?: Record<string, XmlSchema> };

/**
 * A value as the body of a documented media type that is not JSON: text as it is (a non-string
 * as JSON text), XML elements named after the properties (and the schema's `xml` names and
 * wrapping, when it is given), bytes for anything binary.
 */
export function encodeBody(value: unknown, type: string, faker: Faker, schema?: Schema): { body: unknown; contentType?: string } {
  if (isJsonType(type)) return type === 'application/json' || type === '*/*' ? { body: value } : { body: value, contentType: type };
  const base = type.split(';', 1)[0]!.trim().toLowerCase();
  if (base.endsWith('/xml') || base.endsWith('+xml')) {
    const shape = schema as XmlSchema | undefined;
    return { body: `<?xml version="1.0" encoding="UTF-8"?>\n${xml(element(shape?.xml?.name ?? 'root'), value, shape, true)}`, contentType: type };
  }
  if (base.startsWith('text/') || base === 'application/x-www-form-urlencoded') {
    if (base === 'application/x-www-form-urlencoded' && value && typeof value === 'object') {
      return { body: new URLSearchParams(Object.entries(value).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(), contentType: type };
    }
    return { body: typeof value === 'string' ? value : JSON.stringify(value ?? ''), contentType: type };
  }
  const bytes = new TextEncoder().encode(typeof value === 'string' ? value : faker.string.alphanumeric(32));
  return { body: bytes, contentType: base.includes('*') ? 'application/octet-stream' : type };
}

/**
 * `name` is the element's name (the schema's `xml.name`, else the property's); `key` the property's
 * own name, which the items of an array are named after unless they have an `xml.name` (OpenAPI
 * 3.0.3 XML Object examples).
 */
function xml(name: string, value: unknown, schema: XmlSchema | undefined, root = false, key = name): string {
  if (Array.isArray(value)) {
    // A wrapped array (and the root) is one element holding its items; an unwrapped one repeats.
    const itemName = element(schema?.items?.xml?.name ?? (root ? 'item' : key));
    const items = value.map((v) => xml(itemName, v, schema?.items)).join('');
    return root || schema?.xml?.wrapped ? `<${name}>${items}</${name}>` : items;
  }
  if (value && typeof value === 'object') {
    let attributes = '';
    const fields = Object.entries(value).map(([k, v]) => {
      const field = schema?.properties?.[k];
      if (field?.xml?.attribute && (v === null || typeof v !== 'object')) {
        attributes += ` ${element(field.xml.name ?? k)}="${escape(v === null || v === undefined ? '' : String(v))}"`;
        return '';
      }
      return xml(element(field?.xml?.name ?? k), v, field, false, element(k));
    });
    return `<${name}${attributes}>${fields.join('')}</${name}>`;
  }
  return `<${name}>${escape(value === null || value === undefined ? '' : String(value))}</${name}>`;
}

function element(name: string): string {
  return name.replace(/[^A-Za-z0-9_.-]/g, '_') || '_';
}

function escape(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
