/**
 * A small CRUD document split over two real files (`api/api.yaml` and the `api/schemas.yaml` it
 * `$ref`s), rewritten by `--watch` tests in one shape or another. `outside.yaml`, beside the
 * `api` folder, is a real file a `$ref` may not reach.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DocumentShape {
  /** Serve the `owners` resource too. */
  owners: boolean;
  /** Document DELETE /things/{thingId}. */
  deleteThing?: boolean;
  /** The type of Thing's required `name`; default string. */
  nameType?: 'string' | 'integer';
  /** Where the things' schema `$ref` points; default the schema file. */
  thingRef?: string;
  /** Written as the listThings operationId (a number makes the document invalid). */
  operationIdOfList?: unknown;
  /** Written instead of the document (a broken file). */
  raw?: string;
}

const json = (schema: unknown) => ({ 'application/json': { schema } });

function crudPaths(collection: string, item: string, ref: string, names: { list: unknown; create: string; read: string; delete?: string }) {
  return {
    [collection]: {
      get: { operationId: names.list, responses: { '200': { description: 'the list', content: json({ type: 'array', items: { $ref: ref } }) } } },
      post: {
        operationId: names.create,
        requestBody: { required: true, content: json({ $ref: ref }) },
        responses: { '201': { description: 'created', content: json({ $ref: ref }) }, '400': { description: 'bad' } },
      },
    },
    [`${collection}/{${item}}`]: {
      parameters: [{ name: item, in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
      get: { operationId: names.read, responses: { '200': { description: 'one', content: json({ $ref: ref }) }, '404': { description: 'none' } } },
      ...(names.delete ? { delete: { operationId: names.delete, responses: { '204': { description: 'gone' }, '404': { description: 'none' } } } } : {}),
    },
  };
}

export function watchedDocument(dir: string) {
  const folder = join(dir, 'api');
  const file = join(folder, 'api.yaml');
  const schemaFile = join(folder, 'schemas.yaml');
  const documentText = (shape: DocumentShape) => {
    const thing = shape.thingRef ?? 'schemas.yaml#/Thing';
    const document = {
      openapi: '3.0.3',
      info: { title: 'Watched', version: '1.0.0' },
      paths: {
        ...crudPaths('/things', 'thingId', thing, { list: shape.operationIdOfList ?? 'listThings', create: 'createThing', read: 'getThing', delete: shape.deleteThing ? 'deleteThing' : undefined }),
        ...(shape.owners ? crudPaths('/owners', 'ownerId', 'schemas.yaml#/Owner', { list: 'listOwners', create: 'createOwner', read: 'getOwner' }) : {}),
      },
    };
    // JSON is YAML: the file is read by the YAML parser like any other.
    return shape.raw ?? JSON.stringify(document, null, 2);
  };
  const schemaText = (shape: Pick<DocumentShape, 'nameType'>) =>
    JSON.stringify({
      Thing: { type: 'object', required: ['name'], additionalProperties: false, properties: { id: { type: 'integer', readOnly: true }, name: { type: shape.nameType ?? 'string' } } },
      Owner: { type: 'object', required: ['name'], additionalProperties: false, properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string' } } },
    });
  return {
    file,
    schemaFile,
    documentText,
    schemaText,
    /** Writes the files whose text changes (one edit, one reload: an unchanged file is not touched). */
    async write(shape: DocumentShape) {
      await mkdir(folder, { recursive: true });
      await writeChanged(join(dir, 'outside.yaml'), schemaText({}));
      await writeChanged(schemaFile, schemaText(shape));
      await writeChanged(file, documentText(shape));
    },
  };
}

async function writeChanged(file: string, text: string): Promise<void> {
  const old = await readFile(file, 'utf8').catch(() => undefined);
  if (old !== text) await writeFile(file, text);
}
