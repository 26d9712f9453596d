import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exerciseEveryOperation, FIXTURES, startDocumentMock, type DocumentMock } from './engine-harness.js';

/** Real documents of other projects (test/fixtures/third-party/SOURCES.md): none is the Petstore of INTERFACE.md. */
const DOCUMENTS = [
  { file: 'oai-petstore-expanded.yaml', operations: 4, crud: 4 },
  { file: 'oai-link-example.yaml', operations: 6, crud: 4 },
  { file: 'swagger-petstore-3.yaml', operations: 19, crud: 10 },
];

describe.each(DOCUMENTS)('the mock on $file', ({ file, operations, crud }) => {
  let mock: DocumentMock;
  beforeAll(async () => {
    mock = await startDocumentMock(FIXTURES + file);
  });
  afterAll(async () => {
    await mock.close();
  });

  it('chooses a behaviour for every operation and lists them at GET /__admin/operations', async () => {
    const res = await fetch(`${mock.url}/__admin/operations`);
    expect(res.status).toBe(200);
    const lines = (await res.json()) as { behaviour: string; method: string; path: string }[];
    expect(lines).toHaveLength(operations);
    expect(lines.filter((l) => l.behaviour.startsWith('crud:'))).toHaveLength(crud);
    expect(lines.every((l) => /^(crud:(create|list|read|replace|update|delete)|example|generated)$/.test(l.behaviour))).toBe(true);
  });

  it('answers every operation with a documented status and a body valid against the document', async () => {
    const answers = await exerciseEveryOperation(mock, `every-${file}`);
    expect(answers.size).toBe(operations);
    for (const [id, answer] of answers) expect(answer.status, `${id}: ${answer.text.slice(0, 200)}`).toBeLessThan(300);
    expect(mock.problems).toEqual([]);
  });

  it('puts the rate-limit headers on every answer, errors included', async () => {
    const first = await mock.request('GET', '/no/such/path', { session: 'limits' });
    const res = await mock.request('GET', '/no/such/path', { session: 'limits' });
    expect(res.status).toBe(404);
    // The plan depends on how the document's security places the credential; the count does not.
    expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
    expect(Number(res.headers['x-ratelimit-remaining'])).toBe(Number(first.headers['x-ratelimit-remaining']) - 1);
    expect(res.headers.ratelimit).toMatch(/^"(minute|day)";r=\d+;t=\d+$/);
  });
});
