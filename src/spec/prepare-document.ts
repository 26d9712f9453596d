import $RefParser from '@apidevtools/json-schema-ref-parser';
import type { OpenApiLine, StructureLine } from './check-structure.js';
import { checkRefChains, inlineAcyclicRefs, linkCyclicRefs } from './cyclic-refs.js';
import type { Document } from './openapi.js';
import { markOas31 } from './schema-dialect.js';
import { briefly, SpecError } from './spec-error.js';
import { withoutExtensionFileRefs } from './extension-refs.js';
import { refsToSchemaIds } from './schema-ids.js';
import { checkDocumentPatterns } from './document-patterns.js';
import { checkDanglingRefs, checkInPlaceCycles } from './in-place-cycles.js';

export interface LoadedDocument {
  /** Where it was read from. */
  file: string;
  /** The version the file is written in: `2.0` (converted on load), `3.0`, `3.1` or `3.2`. */
  sourceVersion: '2.0' | StructureLine;
  /** The JSON Schema dialect of its schemas: `3.1` (draft 2020-12, also for 3.2) or `3.0` (also for converted 2.0). */
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
  /** The local files it was read from, its own first (set by the Node loader; what `--watch` watches). */
  files?: readonly string[];
}

/**
 * The steps of loading that need Node (other files of the folder, swagger2openapi, the
 * precompiled OpenAPI schema validators). The Node loader (load-document.ts) gives all three;
 * in a browser a document with references to other files or in Swagger 2.0 is refused with a
 * SpecError, and the structure is not checked against the official schema (docs/decisions/026).
 */
export interface LoadSteps {
  inlineLocalFiles?(file: string, parsed: object): Promise<object>;
  convertSwagger2?(file: string, swagger: object): Promise<object>;
  checkStructure?(document: unknown, line: StructureLine): { problems: string[]; unknownKeys: string[]; tolerated: string[] };
}

/** Checks and dereferences a parsed document; nothing here needs Node. */
export async function prepareDocument(file: string, parsed: unknown, steps: LoadSteps = {}): Promise<LoadedDocument> {
  try {
    return await checkAndDereference(file, parsed, steps);
  } catch (err) {
    // Nesting is bounded as written, but following $refs can nest a document far deeper.
    if (err instanceof RangeError) throw new SpecError(file, 'nests too deeply once its $refs are followed');
    throw err;
  }
}

async function checkAndDereference(file: string, parsed: unknown, steps: LoadSteps): Promise<LoadedDocument> {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new SpecError(file, 'is not an OpenAPI document (expected a mapping at the top level)');
  }
  const sourceVersion = detectVersion(file, parsed);
  const { document: written, warnings: skipped } = withoutExtensionFileRefs(parsed);
  const used = sourceVersion === '3.1' || sourceVersion === '3.2' ? refsToSchemaIds(written) : written;
  let whole = steps.inlineLocalFiles ? await steps.inlineLocalFiles(file, used) : used;
  if (sourceVersion === '2.0') {
    if (!steps.convertSwagger2) throw new SpecError(file, 'is a Swagger 2.0 document; outside Node the kit reads OpenAPI 3.0.x, 3.1.x and 3.2.x only (convert it first)');
    whole = await steps.convertSwagger2(file, whole);
  }
  const line: OpenApiLine = sourceVersion === '3.1' || sourceVersion === '3.2' ? '3.1' : '3.0';
  const structure: StructureLine = sourceVersion === '3.2' ? '3.2' : line;

  const { problems, unknownKeys, tolerated } = steps.checkStructure ? steps.checkStructure(whole, structure) : { problems: [], unknownKeys: [], tolerated: [] };
  if (problems.length > 0) throw new SpecError(file, `is not a valid OpenAPI ${structure} document`, problems);

  const source = whole as Document;
  const parser = new $RefParser();
  let document: Document;
  try {
    document = (await withBufferCheck(() => parser.dereference(structuredClone(source), {
      // Without the Node steps, a $ref to another file or a URL is refused here.
      resolve: { external: false },
      // The document is an object already; the text and binary parsers would only test for Node's Buffer.
      parse: { text: false, binary: false },
      dereference: { circular: 'ignore' },
      timeoutMs: 20_000,
    }))) as Document;
  } catch (err) {
    throw new SpecError(file, `has a $ref that cannot be resolved: ${briefly(err)}`);
  }
  let cyclicRefs = 0;
  if (parser.$refs.circular) {
    // Checked on the source first, so a loop is reported with the $ref as written.
    checkRefChains(file, source);
    linkCyclicRefs(file, document);
    checkInPlaceCycles(file, document);
    cyclicRefs = inlineAcyclicRefs(document);
  }
  checkDanglingRefs(file, document);
  const patternNotes = checkDocumentPatterns(file, source);
  if (line === '3.1') markOas31(document);
  return { file, sourceVersion, line, source, document, cyclicRefs, warnings: [...skipped, ...unknownKeys, ...tolerated, ...patternNotes, ...webhookNotes(source)] };
}

/** 3.1 `webhooks` are requests the API makes to its clients: nothing to serve, but worth saying so. */
function webhookNotes(document: Document): string[] {
  const webhooks = (document as { webhooks?: unknown }).webhooks;
  if (typeof webhooks !== 'object' || webhooks === null) return [];
  const names = Object.keys(webhooks);
  if (names.length === 0) return [];
  return [`/webhooks (${names.join(', ')}): requests the API sends to its clients, so neither served by the mock nor run by the runner`];
}

function detectVersion(file: string, parsed: object): '2.0' | StructureLine {
  const { openapi, swagger } = parsed as { openapi?: unknown; swagger?: unknown };
  if (openapi !== undefined) {
    if (typeof openapi === 'string' && /^3\.0\.\d+$/.test(openapi)) return '3.0';
    if (typeof openapi === 'string' && /^3\.1\.\d+$/.test(openapi)) return '3.1';
    if (typeof openapi === 'string' && /^3\.2\.\d+$/.test(openapi)) return '3.2';
    throw new SpecError(file, `has openapi: ${JSON.stringify(openapi)}; the kit reads OpenAPI 3.0.x, 3.1.x, 3.2.x and Swagger 2.0`);
  }
  if (swagger !== undefined) {
    if (swagger === '2.0') return '2.0';
    throw new SpecError(file, `has swagger: ${JSON.stringify(swagger)}; the kit reads OpenAPI 3.0.x, 3.1.x, 3.2.x and Swagger 2.0`);
  }
  const keys = Object.keys(parsed).slice(0, 5).join(', ');
  throw new SpecError(file, `is not an OpenAPI document: it has no openapi (or swagger) field at the top level (its keys: ${keys || 'none'})`);
}

/**
 * json-schema-ref-parser 15.5 calls `Buffer.isBuffer` on the schema it was given (index.js
 * `parse`), which throws where there is no Buffer (browsers). Where Node's Buffer is missing, a
 * stand-in answering only that question is put up for the dereference and taken down after
 * (docs/decisions/026-adapters.md); in Node nothing changes.
 */
async function withBufferCheck<T>(run: () => Promise<T>): Promise<T> {
  const scope = globalThis as { Buffer?: unknown };
  if (scope.Buffer !== undefined) return run();
  scope.Buffer = Object.freeze({ isBuffer: () => false });
  try {
    return await run();
  } finally {
    delete scope.Buffer;
  }
}
