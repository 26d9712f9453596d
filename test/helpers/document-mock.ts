import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMock, type RunningMock } from '../../src/http/start-mock.js';

export interface DocumentMock {
  /** The document's file, for the runner's `spec`. */
  spec: string;
  mock: RunningMock;
  close(): Promise<void>;
}

/** A document written to a temporary folder and the mock serving it on an ephemeral port. */
export async function mockDocument(fileName: string, document: object): Promise<DocumentMock> {
  const dir = await mkdtemp(join(tmpdir(), 'document-mock-'));
  const spec = join(dir, fileName);
  await writeFile(spec, JSON.stringify(document));
  const mock = await startMock({ specFile: spec, quiet: true });
  return {
    spec,
    mock,
    close: async () => {
      await mock.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * For a test file: `mockDocument` started before its tests and closed after them. The object is
 * filled in `beforeAll`, so read its fields inside tests.
 */
export function useDocumentMock(fileName: string, document: object): DocumentMock {
  const served = {} as DocumentMock;
  beforeAll(async () => {
    Object.assign(served, await mockDocument(fileName, document));
  });
  afterAll(() => served.close?.());
  return served;
}
