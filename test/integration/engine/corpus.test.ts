import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exerciseEveryOperation, startDocumentMock, type DocumentMock } from './engine-harness.js';

const DIR = new URL('../../fixtures/documents/', import.meta.url).pathname;
/**
 * Documents this branch's loader cannot read yet (OpenAPI 3.1, Swagger 2.0, operations without
 * an operationId): the loader of branch `loading` reads them. On the tree merged with it every
 * folder passed this test (2026-11-23); empty this list when the two are merged.
 */
const FOLDERS = readdirSync(DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

describe.each(FOLDERS)('the corpus document %s', (folder) => {
  let mock: DocumentMock;
  beforeAll(async () => {
    const file = readdirSync(DIR + folder).find((f) => /^(openapi|swagger)\.(yaml|json)$/.test(f))!;
    mock = await startDocumentMock(`${DIR}${folder}/${file}`);
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('answers every operation with a 2xx and a body valid against the document', async () => {
    const answers = await exerciseEveryOperation(mock, 'corpus');
    const failed = [...answers].filter(([, a]) => a.status >= 300).map(([id, a]) => `${id} ${a.status} ${a.text.slice(0, 150)}`);
    expect(failed).toEqual([]);
    expect(mock.problems).toEqual([]);
  });
});

it('runs over at least three corpus documents on this branch', () => {
  expect(FOLDERS.length).toBeGreaterThanOrEqual(3);
});
