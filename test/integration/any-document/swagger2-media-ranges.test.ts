import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runContract } from '../../../src/contract/run-contract.js';
import { startMock, type RunningMock } from '../../../src/http/start-mock.js';
import { failedChecks, notPassed } from '../../helpers/contract-mock.js';

// A Swagger 2.0 document in the style of Microcks' Beer Catalog sample: the list operation has no
// `produces`, so once converted its answer is documented under the media range `*/*`.
const beer = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, country: { type: 'string' }, rating: { type: 'number' } } };
const SWAGGER = {
  swagger: '2.0',
  info: { title: 'Beers', version: '1' },
  paths: {
    '/beer': { get: { operationId: 'ListBeers', responses: { '200': { description: 'all', schema: { type: 'array', items: { $ref: '#/definitions/Beer' } } } } } },
    '/beer/{name}': {
      parameters: [{ name: 'name', in: 'path', required: true, type: 'string' }],
      get: { operationId: 'GetBeer', produces: ['application/json'], responses: { '200': { description: 'one', schema: { $ref: '#/definitions/Beer' } } } },
    },
  },
  definitions: { Beer: beer },
};

let dir: string;
let spec: string;
let mock: RunningMock;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'media-ranges-'));
  spec = join(dir, 'beers.json');
  await writeFile(spec, JSON.stringify(SWAGGER));
  mock = await startMock({ specFile: spec, quiet: true });
});
afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a Swagger 2.0 document whose answers are documented under */* (no produces)', () => {
  it('is served as the JSON resource it is: list and read inferred, the listed beers readable', async () => {
    const operations = (await (await fetch(`${mock.url}/__admin/operations`)).json()) as { operationId: string; behaviour: string }[];
    expect(operations.map((o) => `${o.operationId} ${o.behaviour}`)).toEqual(expect.arrayContaining([expect.stringMatching(/^ListBeers crud:list/), expect.stringMatching(/^GetBeer crud:read/)]));
    const list = await fetch(`${mock.url}/beer`);
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    const beers = (await list.json()) as { name: string }[];
    expect(beers.length).toBeGreaterThan(0);
    expect((await fetch(`${mock.url}/beer/${encodeURIComponent(beers[0]!.name)}`)).status).toBe(200);
  });

  it('the runner accepts application/json for */* and passes our mock with no false alarm', async () => {
    const summary = await runContract({ baseUrl: mock.url, spec, reporters: [], seed: 3 });
    expect(notPassed(summary)).toEqual([]);
  });

  it('the runner still checks the body against the schema documented under */*', async () => {
    const wrong: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ name: 5 }]));
    });
    await new Promise<void>((resolve) => wrong.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(wrong.address() as AddressInfo).port}`;
      const summary = await runContract({ baseUrl: url, spec, reporters: [], seed: 3, operations: ['ListBeers'], phases: ['examples'] });
      expect(failedChecks(summary)).toContain('response_schema_conformance');
      expect(failedChecks(summary)).not.toContain('content_type_conformance');
    } finally {
      await new Promise((resolve) => wrong.close(resolve));
    }
  });
});
