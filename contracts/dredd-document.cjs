'use strict';
/**
 * What the Dredd hooks read from the OpenAPI document itself, because Dredd 14 drops it when it
 * turns an OpenAPI 3 document into transactions: the response body schemas (Dredd only checks
 * the keys of the first example) and which response headers are optional (Dredd demands them all).
 *
 * CommonJS, like the hookfile: Dredd loads hooks with require().
 */
const { readFileSync } = require('node:fs');
const yaml = require('js-yaml');

/** Formats OpenAPI adds to JSON Schema; Gavel's validator rejects a schema that names an unknown format. */
const OPENAPI_ONLY_FORMATS = new Set(['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']);
/** Keywords of OpenAPI's Schema Object that are not JSON Schema draft 4. */
const OPENAPI_ONLY_KEYWORDS = new Set(['example', 'examples', 'nullable', 'readOnly', 'writeOnly', 'deprecated', 'discriminator', 'xml', 'externalDocs']);

function loadDocument(file) {
  return yaml.load(readFileSync(file, 'utf8'));
}

function resolveRef(document, node) {
  let current = node;
  const seen = new Set();
  while (current && typeof current === 'object' && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (!ref.startsWith('#/') || seen.has(ref)) throw new Error(`cannot resolve $ref ${ref}`);
    seen.add(ref);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((value, key) => (value == null ? undefined : value[key]), document);
  }
  return current;
}

/** A schema with every $ref inlined and OpenAPI-only keywords removed: plain JSON Schema draft 4. */
function toJsonSchema(document, schema, depth = 0) {
  if (depth > 64) throw new Error('schema nests too deeply (a recursive $ref?)');
  const resolved = resolveRef(document, schema);
  if (Array.isArray(resolved)) return resolved.map((item) => toJsonSchema(document, item, depth + 1));
  if (!resolved || typeof resolved !== 'object') return resolved;
  const out = {};
  for (const [key, value] of Object.entries(resolved)) {
    if (OPENAPI_ONLY_KEYWORDS.has(key) || key.startsWith('x-')) continue;
    if (key === 'format' && OPENAPI_ONLY_FORMATS.has(value)) continue;
    if (key === 'properties' || key === 'patternProperties') {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toJsonSchema(document, sub, depth + 1)]));
    } else if (key === 'enum' || key === 'required' || key === 'type') {
      out[key] = value;
    } else {
      out[key] = toJsonSchema(document, value, depth + 1);
    }
  }
  return out;
}

/** The documented response of a Dredd transaction, found by its origin (path template) and status. */
function documentedResponse(document, transaction) {
  const path = transaction.origin && transaction.origin.resourceName;
  const item = path && document.paths && document.paths[path];
  const operation = item && item[String(transaction.request.method).toLowerCase()];
  if (!operation) return undefined;
  return resolveRef(document, operation.responses && operation.responses[String(transaction.expected.statusCode)]);
}

/** The JSON Schema of a response's `application/json` body, as a string for `expected.bodySchema`. */
function bodySchema(document, response) {
  const media = response && response.content && response.content['application/json'];
  if (!media || !media.schema) return undefined;
  return JSON.stringify({ $schema: 'http://json-schema.org/draft-04/schema#', ...toJsonSchema(document, media.schema) });
}

/** Names of the response headers the document does not mark `required: true`. */
function optionalHeaders(document, response) {
  const headers = (response && response.headers) || {};
  return Object.keys(headers).filter((name) => {
    const header = resolveRef(document, headers[name]);
    return !(header && header.required === true);
  });
}

module.exports = { loadDocument, resolveRef, toJsonSchema, documentedResponse, bodySchema, optionalHeaders };
