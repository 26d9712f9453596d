import { describe, expect, it } from 'vitest';
import { useDocumentMock } from './engine-harness.js';

const TERSE = new URL('../../fixtures/engine/terse-errors.yaml', import.meta.url).pathname;

// Issue 20, trial class 21: Lago's 400 in its own shape `{status, error}` said only
// `validation_failed`, so a user could not tell why a request was refused.
describe("a refusal keeps its reason in the document's error shape", () => {
  const mock = useDocumentMock(TERSE);

  it('in `message` and `details` fields where the shape allows other properties', async () => {
    const res = await mock.request('POST', '/metrics', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, error: 'validation_failed', message: expect.stringContaining('/body/code'), details: [{ path: '/body/code', message: 'is required' }] });
    expect(mock.problems).toEqual([]);
  });

  it('in a Mock-Error-Reason header where the shape is closed', async () => {
    const res = await mock.request('POST', '/closed', { body: { name: 42 } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'status']);
    expect(res.headers['mock-error-reason']).toContain('/body/name must be a string');
    expect(mock.problems).toEqual([]);
  });

  it('takes a value that fits several branches of an overlapping oneOf (the document means it), not "must be a string"', async () => {
    const res = await mock.request('POST', '/metrics', { body: { code: 'Zoë 😀🐱', properties: { gb: 10 } } });
    expect(res.status).toBe(200);
    const wrong = await mock.request('POST', '/metrics', { body: { code: 'Zoë 😀🐱', properties: { gb: true } } });
    expect(wrong.status).toBe(400);
    const text = await mock.request('POST', '/metrics', { body: { code: 'Zoë 😀🐱', properties: { gb: 'ten', ratio: 0.5 } } });
    expect(text.status).toBe(200);
  });

  it('fills a problem `type` of format url with a URL, not `about:blank` or the code', async () => {
    const res = await mock.request('POST', '/problems', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.type).toMatch(/^https?:\/\//);
    expect(mock.problems).toEqual([]);
  });
});
