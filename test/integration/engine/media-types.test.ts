import { describe, expect, it } from 'vitest';
import { FIXTURES, useDocumentMock } from './engine-harness.js';

describe('bodies and answers that are not JSON (swagger-api/swagger-petstore 3)', () => {
  const mock = useDocumentMock(`${FIXTURES}swagger-petstore-3.yaml`);
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' };

  it('creates from a form body, its fields converted by the schema, and reads it back', async () => {
    const session = 'form';
    const res = await mock.request('POST', '/pet', { session, rawBody: 'id=77&name=Rex&photoUrls=http%3A%2F%2Fa.example%2F1&photoUrls=http%3A%2F%2Fa.example%2F2&status=available', headers: form });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 77, name: 'Rex', photoUrls: ['http://a.example/1', 'http://a.example/2'], status: 'available' });
    expect((await mock.request('GET', '/pet/77', { session })).body).toEqual(res.body);
  });

  it('checks a form body against its schema', async () => {
    const res = await mock.request('POST', '/pet', { rawBody: 'name=Rex&photoUrls=x&status=lost', headers: form });
    expect(res.status).toBe(400);
  });

  it('accepts an XML body the operation documents, checked against its schema, and refuses a media type it does not (415)', async () => {
    const xml = await mock.request('POST', '/pet', { rawBody: '<pet><name>Rex</name><photoUrls><photoUrl>a.png</photoUrl></photoUrls></pet>', headers: { 'Content-Type': 'application/xml' } });
    expect(xml.status).toBe(200);
    expect(xml.body).toMatchObject({ name: 'Rex', photoUrls: ['a.png'] });
    const incomplete = await mock.request('POST', '/pet', { rawBody: '<pet><name>Rex</name></pet>', headers: { 'Content-Type': 'application/xml' } });
    expect(incomplete.status).toBe(400);
    const text = await mock.request('POST', '/pet', { rawBody: 'Rex', headers: { 'Content-Type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('takes bytes for an octet-stream upload', async () => {
    const pet = (await mock.request('POST', '/pet', { session: 'upload', body: { id: 5, name: 'Rex', photoUrls: [] } })).body;
    const res = await mock.request('POST', `/pet/${pet.id}/uploadImage`, { session: 'upload', rawBody: Buffer.from([0, 1, 2, 255]), headers: { 'Content-Type': 'application/octet-stream' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
  });
});
