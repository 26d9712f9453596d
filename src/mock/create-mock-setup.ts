import { loadDocument, type RefOptions } from '../spec/load-document.js';
import { createEngine, type EngineOptions, type MockSetup } from './create-engine.js';

export { DEFAULT_BODY_LIMIT, DEFAULT_PLAN, createEngine, type EngineOptions, type MockSetup } from './create-engine.js';

export interface MockSetupOptions extends Omit<EngineOptions, 'document' | 'documentName'> {
  specFile: string;
  /** Where the document's `$ref`s may lead (--ref-root, --allow-remote-refs). */
  refs?: RefOptions;
}

/** The Node edge: reads the document file (other files of its folder, Swagger 2.0 too), then builds the engine. */
export async function createMockSetup(options: MockSetupOptions): Promise<MockSetup> {
  const { specFile, refs, ...rest } = options;
  return createEngine({ ...rest, document: await loadDocument(specFile, refs) });
}
