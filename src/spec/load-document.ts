import { realpath } from 'node:fs/promises';
import path from 'node:path';
import $RefParser from '@apidevtools/json-schema-ref-parser';
import { checkStructure, type OpenApiLine } from './check-structure.js';
import { convertSwagger2 } from './convert-swagger2.js';
import { checkRefChains, inlineAcyclicRefs, linkCyclicRefs } from './cyclic-refs.js';
import { bundleLocalFiles, checkExternalRef, externalRefs } from './local-refs.js';
import type { Document } from './openapi.js';
import { parseDocumentText, readDocumentFile } from './parse-document-text.js';
import { markOas31 } from './schema-dialect.js';
import { briefly, SpecError } from './spec-error.js';

export { parseDocumentText } from './parse-document-text.js';

export interface LoadedDocument {
  /** Where it was read from. */
  file: string;
  /** The version the file is written in: `2.0` (converted on load), `3.0` or `3.1`. */
  sourceVersion: '2.0' | OpenApiLine;
  /** The JSON Schema dialect of its schemas: `3.1` (draft 2020-12) or `3.0` (also for converted 2.0). */
  line: OpenApiLine;
  /**
   * The document as one file, `$ref`s intact (those into other local files re-pointed inside it),
   * after Swagger 2.0 conversion: for reporting and JSON pointers.
   */
  source: Document;
  /**
   * The same document with every `$ref` replaced by its target (shared, do not mutate), except
   * where the target is part of a cycle: such a `$ref` stays, linked to its target (see
   * cyclic-refs.ts `refTarget`).
   */
  document: Document;
  /** How many `$ref`s stayed because they are part of a cycle (0 for most documents). */
  cyclicRefs: number;
  /** Things ignored rather than refused (keys the OpenAPI schema does not define), worth printing. */
  warnings: string[];
}

/**
 * Reads, parses, checks and dereferences an OpenAPI 3.0.x or 3.1.x document (or a Swagger 2.0
 * one, converted), YAML or JSON, possibly split over files of its folder. Every failure is a
 * SpecError whose message names the file, the JSON path and the problem, so the CLI can print it
 * and exit 2.
 */
export async function loadDocument(file: string): Promise<LoadedDocument> {
  const text = (await readDocumentFile(file)).toString('utf8');
  const parsed = parseDocumentText(file, text);
  return fromObject(file, parsed);
}

/** The same checks for a document already in memory (tests, programmatic use). */
export async function fromObject(file: string, parsed: unknown): Promise<LoadedDocument> {
  try {
    return await checkAndDereference(file, parsed);
  } catch (err) {
    // Nesting is bounded as written, but following $refs can nest a document far deeper.
    if (err instanceof RangeError) throw new SpecError(file, 'nests too deeply once its $refs are followed');
    throw err;
  }
}

async function checkAndDereference(file: string, parsed: unknown): Promise<LoadedDocument> {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SpecError(file, 'is not an OpenAPI document (expected a mapping at the top level)');
  }
  const sourceVersion = detectVersion(file, parsed);
  let whole = await inlineLocalFiles(file, parsed);
  if (sourceVersion === '2.0') whole = await convertSwagger2(file, whole);
  const line: OpenApiLine = sourceVersion === '3.1' ? '3.1' : '3.0';

  const { problems, unknownKeys } = checkStructure(whole, line);
  if (problems.length > 0) throw new SpecError(file, `is not a valid OpenAPI ${line} document`, problems);

  const source = whole as Document;
  const parser = new $RefParser();
  let document: Document;
  try {
    document = (await parser.dereference(structuredClone(source), {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
      timeoutMs: 20_000,
    })) as Document;
  } catch (err) {
    throw new SpecError(file, `has a $ref that cannot be resolved: ${briefly(err)}`);
  }
  let cyclicRefs = 0;
  if (parser.$refs.circular) {
    // Checked on the source first, so a loop is reported with the $ref as written.
    checkRefChains(file, source);
    linkCyclicRefs(file, document);
    cyclicRefs = inlineAcyclicRefs(document);
  }
  if (line === '3.1') markOas31(document);
  return { file, sourceVersion, line, source, document, cyclicRefs, warnings: unknownKeys };
}

function detectVersion(file: string, parsed: object): '2.0' | OpenApiLine {
  const { openapi, swagger } = parsed as { openapi?: unknown; swagger?: unknown };
  if (openapi !== undefined) {
    if (typeof openapi === 'string' && /^3\.0\.\d+$/.test(openapi)) return '3.0';
    if (typeof openapi === 'string' && /^3\.1\.\d+$/.test(openapi)) return '3.1';
    throw new SpecError(file, `has openapi: ${JSON.stringify(openapi)}; the kit reads OpenAPI 3.0.x, 3.1.x and Swagger 2.0`);
  }
  if (swagger !== undefined) {
    if (swagger === '2.0') return '2.0';
    throw new SpecError(file, `has swagger: ${JSON.stringify(swagger)}; the kit reads OpenAPI 3.0.x, 3.1.x and Swagger 2.0`);
  }
  const keys = Object.keys(parsed).slice(0, 5).join(', ');
  throw new SpecError(file, `is not an OpenAPI document: it has no openapi (or swagger) field at the top level (its keys: ${keys || 'none'})`);
}

/**
 * A document whose `$ref`s all stay in the file is returned as it is; otherwise every `$ref` into
 * another file is checked (inside the document's folder, no URL) and the files are inlined.
 */
async function inlineLocalFiles(file: string, parsed: object): Promise<object> {
  const refs = externalRefs(file, parsed);
  if (refs.length === 0) return parsed;
  const absolute = path.resolve(file);
  const root = await realpath(path.dirname(absolute)).catch(() => path.dirname(absolute));
  for (const ref of refs) checkExternalRef(root, ref);
  return bundleLocalFiles(absolute, parsed, root);
}
