import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ApiError } from '../core/errors.js';
import type { Schema } from '../spec/openapi.js';
import { briefly } from '../spec/spec-error.js';

/** The part of a schema that names XML elements (OpenAPI XML Object). */
type XmlSchema = Schema & { xml?: { name?: string; wrapped?: boolean; attribute?: boolean }; items?: XmlSchema; properties?: Record<string, XmlSchema> };

// Every value kept as text (the schema says what it is) and every attribute kept, prefixed.
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, parseAttributeValue: false, ignoreDeclaration: true, ignorePiTags: true, trimValues: true, processEntities: true });

/**
 * An XML request body as the value its schema describes, so that it is checked and stored as a
 * JSON body would be: the root element is the value; a property is the child element of its name
 * (or its `xml.name`), or an attribute where `xml.attribute`; an array repeats its items' element,
 * inside a wrapper element where `xml.wrapped`; text becomes a number or boolean where the schema
 * says so. Not well-formed XML is a 400 naming the line; so is XML the parser will not expand.
 */
export function parseXmlBody(text: string, schema: Schema | undefined): unknown {
  const verdict = XMLValidator.validate(text);
  if (verdict !== true) {
    const { msg, line } = verdict.err;
    throw new ApiError('validation_failed', `The request body is not well-formed XML: ${msg} (line ${line})`, { details: [{ path: '/body', message: `is not well-formed XML: ${msg} (line ${line})` }] });
  }
  // A schema that wants the text gets the text.
  if (schema?.type === 'string') return text;
  let document: Record<string, unknown>;
  try {
    document = parser.parse(text) as Record<string, unknown>;
  } catch (err) {
    // Well-formed but refused by the parser's own limits: an external entity, more than 100,000
    // characters of entity expansion, elements nested past its depth limit.
    const reason = briefly(err, 200);
    throw new ApiError('validation_failed', `The request body cannot be read as XML: ${reason}`, { details: [{ path: '/body', message: `cannot be read as XML: ${reason}` }] });
  }
  const root = Object.keys(document)[0];
  return root === undefined ? undefined : typed(document[root], schema as XmlSchema | undefined, 0);
}

function typed(node: unknown, schema: XmlSchema | undefined, depth: number): unknown {
  if (depth > 32) return node;
  const type = schema?.type;
  if (Array.isArray(node)) return node.map((item) => typed(item, schema, depth + 1));
  if (type === 'array') return [typed(node, schema!.items, depth + 1)];
  if (typeof node !== 'object' || node === null) return scalar(node === null ? '' : String(node), schema);
  if (type !== undefined && type !== 'object' && '#text' in node) return scalar(String((node as Record<string, unknown>)['#text']), schema);
  return object(node as Record<string, unknown>, schema, depth);
}

function object(node: Record<string, unknown>, schema: XmlSchema | undefined, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const properties = schema?.properties ?? {};
  const used = new Set<string>();
  for (const [key, property] of Object.entries(properties)) {
    const name = property.xml?.name ?? key;
    if (property.xml?.attribute) {
      if (`@${name}` in node) out[key] = scalar(String(node[`@${name}`]), property);
      used.add(`@${name}`);
      continue;
    }
    if (property.type === 'array') {
      const itemName = property.items?.xml?.name ?? key;
      const holder = property.xml?.wrapped ? node[name] : node;
      if (property.xml?.wrapped) used.add(name);
      else used.add(itemName);
      if (holder === undefined) continue;
      const items = holder === '' || typeof holder !== 'object' ? undefined : (holder as Record<string, unknown>)[itemName];
      out[key] = items === undefined ? [] : (Array.isArray(items) ? items : [items]).map((item) => typed(item, property.items, depth + 1));
      continue;
    }
    used.add(name);
    if (name in node) out[key] = typed(node[name], property, depth + 1);
  }
  // Elements the schema does not name are kept as they are, for additionalProperties to judge.
  for (const [name, value] of Object.entries(node)) if (!used.has(name) && !name.startsWith('@') && name !== '#text') out[name] = value;
  return out;
}

function scalar(text: string, schema: XmlSchema | undefined): unknown {
  const type = schema?.type;
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}
