import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_FILE } from '../../helpers/petstore-document.js';
import { startDocumentMock, type DocumentMock } from './engine-harness.js';

type Doc = { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, unknown> } };

let dir: string;
const variants: Record<string, DocumentMock> = {};

/** The bundled document changed by `edit`, written to a temporary file and served. */
async function serveVariant(name: string, edit: (doc: Doc) => void): Promise<DocumentMock> {
  const doc = yaml.load(await readFile(SPEC_FILE, 'utf8')) as Doc;
  edit(doc);
  const file = join(dir, `${name}.yaml`);
  await writeFile(file, yaml.dump(doc));
  return (variants[name] = await startDocumentMock(file));
}

const lines = async (mock: DocumentMock) => (await (await fetch(`${mock.url}/__admin/operations`)).json()) as { operationId: string; behaviour: string }[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-variants-'));
});
afterAll(async () => {
  for (const mock of Object.values(variants)) {
    await mock.close();
    expect(mock.problems).toEqual([]);
  }
  await rm(dir, { recursive: true, force: true });
});

describe('a Petstore document with one more operation', () => {
  let mock: DocumentMock;
  beforeAll(async () => {
    mock = await serveVariant('extra', (doc) => {
      const notFound = (doc.paths['/pets/{petId}']!.get as { responses: Record<string, unknown> }).responses['404'];
      const rateLimited = (doc.paths['/categories']!.get as { responses: Record<string, { headers: unknown }> }).responses['200']!.headers;
      doc.paths['/pets/{petId}/vaccinations'] = {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        get: {
          operationId: 'listVaccinations',
          summary: 'Vaccinations of a pet',
          responses: {
            '200': { description: 'the vaccinations', headers: rateLimited, content: { 'application/json': { schema: { type: 'array', maxItems: 3, items: { type: 'object', required: ['vaccine', 'date'], properties: { vaccine: { type: 'string', enum: ['rabies', 'distemper'] }, date: { type: 'string', format: 'date' } } } } } } },
            '404': notFound,
          },
        },
      };
    });
  });

  it('starts, keeps the section 7 rules on the 19 operations and serves the new one generically', async () => {
    const all = await lines(mock);
    expect(all).toHaveLength(20);
    expect(all.filter((l) => l.behaviour === 'petstore')).toHaveLength(19);
    expect(all.find((l) => l.operationId === 'listVaccinations')!.behaviour).toBe('generated');
    const res = await mock.request('GET', '/pets/1/vaccinations', { session: 'limits' });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    // The document declares the rate-limit headers: the real ones, not generated values.
    expect(res.headers['x-ratelimit-limit']).toBe('300');
    const again = await mock.request('GET', '/pets/1/vaccinations', { session: 'limits' });
    expect(Number(again.headers['x-ratelimit-remaining'])).toBe(Number(res.headers['x-ratelimit-remaining']) - 1);
    const created = await mock.request('POST', '/pets', { session: 'extra', body: { name: 'Rex', categoryId: 1 } });
    expect(created.status).toBe(201);
    expect((await mock.request('GET', `/store/inventory/${created.body.id}`, { session: 'extra' })).body).toEqual({ petId: created.body.id, quantity: 0, status: 'available' });
  });
});

describe('a Petstore document without setInventory', () => {
  let mock: DocumentMock;
  beforeAll(async () => {
    mock = await serveVariant('no-set-inventory', (doc) => {
      delete doc.paths['/store/inventory/{petId}']!.put;
      delete doc.components.schemas.InventoryUpdate;
    });
  });

  it('starts with 18 operations of the pack; orders still take the seeded stock', async () => {
    const all = await lines(mock);
    expect(all).toHaveLength(18);
    expect(all.every((l) => l.behaviour === 'petstore')).toBe(true);
    expect((await mock.request('PUT', '/store/inventory/1', { body: { quantity: 3 } })).status).toBe(405);
    const stocked = (await mock.request('GET', '/store/inventory?status=available&limit=100')).body.find((i: { quantity: number }) => i.quantity > 0);
    const order = await mock.request('POST', '/store/orders', { session: 'order', body: { petId: stocked.petId, quantity: 1 } });
    expect(order.status).toBe(201);
    expect((await mock.request('GET', `/store/inventory/${stocked.petId}`, { session: 'order' })).body.quantity).toBe(stocked.quantity - 1);
  });
});

describe("another document's getPetById is not the pack's", () => {
  it('a getPetById on another path or with another Pet shape is served by the generic rules', async () => {
    const mock = await serveVariant('renamed-shape', (doc) => {
      const pet = doc.components.schemas.Pet as { properties: Record<string, unknown>; required: string[] };
      pet.properties.nickname = { type: 'string' };
      pet.required = [...pet.required, 'nickname'];
    });
    const all = await lines(mock);
    const byId = (id: string) => all.find((l) => l.operationId === id)!.behaviour;
    expect(byId('getPetById')).toBe('crud:read');
    expect(byId('listPets')).toBe('crud:list');
    expect(byId('listCategories')).toBe('petstore');
  });
});
