import path from 'node:path';
import { bundleFileTree } from './load-bundle.js';
import { checkStructure } from './check-structure.js';
import { convertSwagger2 } from './convert-swagger2.js';
import { bundleLocalFiles, checkExternalRef, externalRefs, refRules, type RefRules } from './local-refs.js';
import { parseDocumentText } from './parse-document-text.js';
import { readDocumentFile } from './read-document-file.js';
import { prepareDocument, type LoadedDocument } from './prepare-document.js';
import type { RefOptions } from './ref-options.js';

export { parseDocumentText } from './parse-document-text.js';
export type { LoadedDocument } from './prepare-document.js';
export type { RefOptions } from './ref-options.js';

/**
 * Reads, parses, checks and dereferences an OpenAPI 3.0.x or 3.1.x document (or a Swagger 2.0
 * one, converted), YAML or JSON, possibly split over several files (`$ref`s resolved relative to
 * the file that holds them; `options` confine them to a folder or allow remote ones). Every
 * failure is a SpecError whose message names the file, the JSON path and the problem, so the CLI
 * can print it and exit 2. `files` are the local files it was read from, its own first (what
 * `--watch` watches).
 */
export async function loadDocument(file: string, options: RefOptions = {}): Promise<LoadedDocument> {
  const rules = refRules(options);
  const text = (await readDocumentFile(file)).toString('utf8');
  const parsed = parseDocumentText(file, text);
  const files = [path.resolve(file)];
  const loaded = await prepare(file, parsed, rules, (read) => files.push(read));
  return { ...loaded, files: [...new Set(files)] };
}

/** The same checks for a document already in memory (tests, programmatic use). */
export function fromObject(file: string, parsed: unknown, onRead?: (file: string) => void, options: RefOptions = {}): Promise<LoadedDocument> {
  return prepare(file, parsed, refRules(options), onRead);
}

function prepare(file: string, parsed: unknown, rules: RefRules, onRead?: (file: string) => void): Promise<LoadedDocument> {
  return prepareDocument(file, parsed, { inlineLocalFiles: (f, p) => inlineLocalFiles(f, p, rules, onRead), convertSwagger2, checkStructure });
}

/**
 * A document whose `$ref`s all stay in the file is returned as it is; otherwise every `$ref` into
 * another file is checked (decision 063) and the files are inlined: by load-bundle.ts where it
 * can, by json-schema-ref-parser where the document needs it (decision 082).
 */
async function inlineLocalFiles(file: string, parsed: object, rules: RefRules, onRead?: (file: string) => void): Promise<object> {
  const refs = externalRefs(file, parsed);
  if (refs.length === 0) return parsed;
  const absolute = path.resolve(file);
  for (const ref of refs) checkExternalRef(rules, ref);
  return (await bundleFileTree(absolute, parsed, rules, onRead)) ?? bundleLocalFiles(absolute, parsed, rules, onRead);
}
