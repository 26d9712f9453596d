import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { checkStructure } from './check-structure.js';
import { convertSwagger2 } from './convert-swagger2.js';
import { bundleLocalFiles, checkExternalRef, externalRefs } from './local-refs.js';
import { parseDocumentText } from './parse-document-text.js';
import { readDocumentFile } from './read-document-file.js';
import { prepareDocument, type LoadedDocument } from './prepare-document.js';

export { parseDocumentText } from './parse-document-text.js';
export type { LoadedDocument } from './prepare-document.js';

/**
 * Reads, parses, checks and dereferences an OpenAPI 3.0.x or 3.1.x document (or a Swagger 2.0
 * one, converted), YAML or JSON, possibly split over files of its folder. Every failure is a
 * SpecError whose message names the file, the JSON path and the problem, so the CLI can print it
 * and exit 2. `files` are the local files it was read from, its own first (what `--watch` watches).
 */
export async function loadDocument(file: string): Promise<LoadedDocument> {
  const text = (await readDocumentFile(file)).toString('utf8');
  const parsed = parseDocumentText(file, text);
  const files = [path.resolve(file)];
  const loaded = await fromObject(file, parsed, (read) => files.push(read));
  return { ...loaded, files: [...new Set(files)] };
}

/** The same checks for a document already in memory (tests, programmatic use). */
export function fromObject(file: string, parsed: unknown, onRead?: (file: string) => void): Promise<LoadedDocument> {
  return prepareDocument(file, parsed, { inlineLocalFiles: (f, p) => inlineLocalFiles(f, p, onRead), convertSwagger2, checkStructure });
}

/**
 * A document whose `$ref`s all stay in the file is returned as it is; otherwise every `$ref` into
 * another file is checked (inside the document's folder, no URL) and the files are inlined.
 */
async function inlineLocalFiles(file: string, parsed: object, onRead?: (file: string) => void): Promise<object> {
  const refs = externalRefs(file, parsed);
  if (refs.length === 0) return parsed;
  const absolute = path.resolve(file);
  const root = await realpath(path.dirname(absolute)).catch(() => path.dirname(absolute));
  for (const ref of refs) checkExternalRef(root, ref);
  return bundleLocalFiles(absolute, parsed, root, onRead);
}
