import { fileURLToPath } from 'node:url';
import { loadDocument, type LoadedDocument } from '../../src/spec/load-document.js';
import { buildOperationIndex, type OperationIndex } from '../../src/spec/operation-index.js';

export const SPEC_FILE = fileURLToPath(new URL('../../spec/petstore.yaml', import.meta.url));

let cached: Promise<{ loaded: LoadedDocument; index: OperationIndex }> | undefined;

/** spec/petstore.yaml, loaded and indexed once per test file. */
export function petstoreDocument(): Promise<{ loaded: LoadedDocument; index: OperationIndex }> {
  cached ??= loadDocument(SPEC_FILE).then((loaded) => ({
    loaded,
    index: buildOperationIndex(loaded.document, SPEC_FILE),
  }));
  return cached;
}
