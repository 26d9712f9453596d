import { ApiError } from '../core/errors.js';
import type { Schema } from '../spec/openapi.js';

type Fields = Record<string, unknown>;

// Not Buffer: the engine also runs in browsers. Node's 'latin1' is ISO-8859-1, one byte per char.
const latin1 = { decode: (bytes: Uint8Array): string => { let s = ''; for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); return s; } };
const latin1Bytes = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
const utf8 = new TextDecoder('utf-8');

/** `a=1&b=x&b=y` as an object; values converted to the schema's property types (repeated names to arrays). */
export function parseForm(text: string, schema: Schema | undefined): Fields {
  const fields: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) (fields[name] ??= []).push(value);
  return typed(fields, schema);
}

/**
 * A `multipart/form-data` body (RFC 7578) as an object: text parts converted like form fields,
 * file parts (those with a filename) as their content in latin1, so bytes survive.
 */
export function parseMultipart(raw: Uint8Array, header: string, schema: Schema | undefined): Fields {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(header);
  if (!boundary) throw malformed('has no boundary in its Content-Type');
  const delimiter = `--${(boundary[1] ?? boundary[2])!.trim()}`;
  const text = latin1.decode(raw);
  const fields: Record<string, string[]> = {};
  const parts = text.split(delimiter);
  if (parts.length < 3) throw malformed('has no parts');
  for (const part of parts.slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) throw malformed('has a part without headers');
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name === undefined) throw malformed('has a part without a name');
    const value = part.slice(split + 4).replace(/\r\n$/, '');
    (fields[name] ??= []).push(/filename=/i.test(head) ? value : utf8.decode(latin1Bytes(value)));
  }
  return typed(fields, schema);
}

function typed(fields: Record<string, string[]>, schema: Schema | undefined): Fields {
  const properties = propertiesOf(schema, 0);
  const out: Fields = {};
  for (const [name, values] of Object.entries(fields)) {
    const property = properties[name];
    if (property?.type === 'array') out[name] = values.map((v) => convert(v, (property.items ?? {}) as Schema));
    else out[name] = convert(values[values.length - 1]!, property ?? {});
  }
  return out;
}

/** The properties a form's fields may name: the schema's own and those of its allOf/oneOf/anyOf branches. */
function propertiesOf(schema: Schema | undefined, depth: number): Record<string, Schema> {
  if (!schema || depth > 8) return {};
  const out: Record<string, Schema> = {};
  for (const branch of [...((schema.allOf ?? []) as Schema[]), ...((schema.oneOf ?? []) as Schema[]), ...((schema.anyOf ?? []) as Schema[])]) Object.assign(out, propertiesOf(branch, depth + 1));
  return Object.assign(out, (schema.properties ?? {}) as Record<string, Schema>);
}

function convert(value: string, schema: Schema): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(value)) return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (schema.type === 'object' || schema.type === 'array') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

function malformed(problem: string): ApiError {
  return new ApiError('validation_failed', `Malformed multipart body: it ${problem}`, { details: [{ path: '/body', message: problem }] });
}
