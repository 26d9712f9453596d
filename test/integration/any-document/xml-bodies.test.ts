import { describe, expect, it } from 'vitest';
import { useDocumentMock } from '../../helpers/document-mock.js';

// The Swagger Petstore's XML shape: a body in JSON or XML, `xml.name` on the schema, a wrapped array.
const pet = {
  type: 'object',
  required: ['name'],
  xml: { name: 'Pet' },
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string' },
    age: { type: 'integer' },
    vaccinated: { type: 'boolean' },
    photoUrls: { type: 'array', xml: { wrapped: true }, items: { type: 'string', xml: { name: 'photoUrl' } } },
    chip: { type: 'string', xml: { attribute: true } },
  },
};
const both = { 'application/json': { schema: pet }, 'application/xml': { schema: pet } };
const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Xml', version: '1' },
  paths: {
    '/pets': { post: { operationId: 'addPet', requestBody: { required: true, content: both }, responses: { '201': { description: 'made', content: both } } } },
    '/pets/{petId}': { get: { operationId: 'getPet', parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }], responses: { '200': { description: 'one', content: both }, '404': { description: 'none' } } } },
  },
};

const served = useDocumentMock('xml.json', DOCUMENT);

const postXml = (xml: string) => fetch(`${served.mock.url}/pets`, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: xml });

describe('a request body sent as XML where the document gives XML', () => {
  it('is read as the record its schema describes: stored, and read back in JSON and in XML', async () => {
    const res = await postXml('<?xml version="1.0"?><Pet chip="A1"><name>Rex</name><age>3</age><vaccinated>true</vaccinated><photoUrls><photoUrl>a.png</photoUrl><photoUrl>b.png</photoUrl></photoUrls></Pet>');
    expect(res.status).toBe(201);
    const made = (await res.json()) as Record<string, unknown>;
    expect(made).toMatchObject({ name: 'Rex', age: 3, vaccinated: true, photoUrls: ['a.png', 'b.png'], chip: 'A1' });
    const json = (await (await fetch(`${served.mock.url}/pets/${String(made.id)}`)).json()) as Record<string, unknown>;
    expect(json).toEqual(made);
    const xml = await (await fetch(`${served.mock.url}/pets/${String(made.id)}`, { headers: { accept: 'application/xml' } })).text();
    expect(xml).toContain(`<Pet chip="A1"><id>${String(made.id)}</id><name>Rex</name><age>3</age><vaccinated>true</vaccinated><photoUrls><photoUrl>a.png</photoUrl><photoUrl>b.png</photoUrl></photoUrls>`);
  });

  it('is checked against the schema: a missing required element or a wrong type is 400 naming it', async () => {
    const missing = await postXml('<Pet><age>3</age></Pet>');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { details: { path: string }[] }).details[0]!.path).toBe('/body/name');
    const wrong = await postXml('<Pet><name>Rex</name><age>three</age></Pet>');
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { details: { path: string }[] }).details[0]!.path).toBe('/body/age');
  });

  it('not well-formed XML is 400 saying so, and stores nothing', async () => {
    const before = (await (await fetch(`${served.mock.url}/__admin/snapshot`)).text()).length;
    const res = await postXml('<Pet><name>Rex</name>');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/^The request body is not well-formed XML: .+ \(line 1\)$/);
    expect((await (await fetch(`${served.mock.url}/__admin/snapshot`)).text()).length).toBe(before);
  });
});
