/**
 * A request that breaks the document answers 400 (section 6), or 422 where the operation documents
 * 422 and not 400 (the RealWorld API and many Rails and Laravel APIs), in that response's shape.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';

const DOCUMENT = `
openapi: 3.0.3
info: { title: Notes, version: '1' }
paths:
  /articles:
    post:
      operationId: createArticle
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [title], properties: { title: { type: string, minLength: 1 } } }
      responses:
        '201': { description: created, content: { application/json: { schema: { type: object, properties: { title: { type: string } } } } } }
        '422':
          description: validation
          content:
            application/json:
              schema: { type: object, required: [errors], properties: { errors: { type: object, properties: { body: { type: array, items: { type: string } } } } } }
  /notes:
    post:
      operationId: createNote
      requestBody:
        required: true
        content: { application/json: { schema: { type: object, required: [text], properties: { text: { type: string } } } } }
      responses:
        '201': { description: created }
        '400': { description: bad }
        '422': { description: unprocessable }
`;

describe('the status of a request that breaks the document', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'validation-status-')), 'openapi.yaml');
    await writeFile(file, DOCUMENT);
    mock = await startMock({ specFile: file, quiet: true });
  });
  afterAll(async () => {
    await mock?.close();
  });

  const post = (path: string, body: string) => fetch(mock.url + path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

  it('is 422 in the documented shape where the operation documents 422 and not 400', async () => {
    const answer = await post('/articles', '{"title": ""}');
    expect(answer.status).toBe(422);
    expect(await answer.json()).toMatchObject({ errors: expect.any(Object) });
    expect((await post('/articles', '{"title":')).status).toBe(422);
    expect((await post('/articles', '{"title": "ok"}')).status).toBe(201);
  });

  it('stays 400 where the operation documents 400', async () => {
    expect((await post('/notes', '{}')).status).toBe(400);
  });
});
