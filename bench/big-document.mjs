// A large document split over many files, laid out as the DigitalOcean one is (decision 039: 659
// operations over 2,850 YAML files): the root names each path's operation file; each operation
// file names its resource's parameters, responses and models; each model names one file per
// attribute and the shared error model. Written fresh so the bench and tests need no download.
//   node bench/big-document.mjs DIR [--operations 659] [--files 2850]   (prints the root file)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const OPERATIONS_PER_RESOURCE = 5;

/** Writes the document under `dir`; answers the root file and its counts. */
export function writeBigDocument(dir, { operations = 659, files = 2850 } = {}) {
  const written = new Set();
  const put = (relative, text) => {
    const file = join(dir, relative);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
    written.add(relative);
  };
  const resources = Math.ceil(operations / OPERATIONS_PER_RESOURCE);
  // Files that are not attributes: root, two shared, and per resource its operations, parameters,
  // responses, model and create model.
  const fixed = 4 + operations + resources * 4;
  const attributes = Math.max(1, Math.floor((files - fixed) / resources));
  let extra = files - fixed - attributes * resources;

  put('shared/error.yml', 'type: object\nrequired: [id, message]\nproperties:\n  id: { type: string, example: not_found }\n  message: { type: string, example: The resource was not found. }\n');
  const shared = { not_found: 'Not found', unauthorized: 'Unauthorized', too_many_requests: 'Too many requests', server_error: 'Server error', unexpected_error: 'Unexpected error' };
  put('shared/responses.yml', Object.entries(shared).map(([key, text]) => `${key}:\n  description: ${text}\n  content:\n    application/json:\n      schema:\n        $ref: error.yml\n`).join(''));
  put('shared/meta.yml', 'type: object\nproperties:\n  total:\n    type: integer\n    example: 1\n  links:\n    type: object\n    properties:\n      next:\n        type: string\n        format: uri\n');
  const paths = [];
  let left = operations;
  for (let r = 0; r < resources; r++) {
    const name = `thing${r}`;
    const base = `resources/${name}`;
    const attributeCount = attributes + (extra > 0 ? 1 : 0);
    if (extra > 0) extra--;
    const props = [];
    for (let a = 0; a < attributeCount; a++) {
      const kind = a % 3;
      const text = kind === 0 ? `type: string\nmaxLength: 40\nexample: value-${a}\ndescription: Attribute ${a} of ${name}.\n`
        : kind === 1 ? `type: integer\nminimum: 0\nexample: ${a}\ndescription: Attribute ${a} of ${name}.\n`
          : `type: array\nitems:\n  type: string\n  enum: [red, green, blue]\nexample: [red]\n`;
      put(`${base}/attributes/attr${a}.yml`, text);
      props.push(`  attr${a}:\n    $ref: attributes/attr${a}.yml`);
    }
    put(`${base}/model.yml`, `type: object\nrequired: [id]\nproperties:\n  id:\n    type: integer\n    readOnly: true\n    example: 1\n  created:\n    $ref: ../../shared/meta.yml#/properties/total\n${props.join('\n')}\n`);
    put(`${base}/model_create.yml`, `type: object\nproperties:\n${props.slice(0, Math.min(props.length, 6)).join('\n')}\n`);
    put(`${base}/parameters.yml`, `id:\n  name: ${name}_id\n  in: path\n  required: true\n  schema:\n    type: integer\n    minimum: 1\nper_page:\n  name: per_page\n  in: query\n  schema:\n    type: integer\n    minimum: 1\n    maximum: 200\n`);
    put(`${base}/responses.yml`, `one:\n  description: One ${name}\n  content:\n    application/json:\n      schema:\n        type: object\n        properties:\n          ${name}:\n            $ref: model.yml\nmany:\n  description: A list of ${name}\n  content:\n    application/json:\n      schema:\n        type: object\n        properties:\n          ${name}s:\n            type: array\n            items:\n              $ref: model.yml\n          meta:\n            $ref: ../../shared/meta.yml\n`);
    const errors = ['401 unauthorized', '404 not_found', '429 too_many_requests', '500 server_error', 'default unexpected_error']
      .map((pair) => pair.split(' ')).map(([status, key]) => `  '${status}':\n    $ref: ../../shared/responses.yml#/${key}\n`).join('');
    const ops = [
      ['list', 'get', `/v2/${name}s`, `parameters:\n  - $ref: parameters.yml#/per_page\nresponses:\n  '200':\n    $ref: responses.yml#/many\n${errors}`],
      ['create', 'post', `/v2/${name}s`, `requestBody:\n  required: true\n  content:\n    application/json:\n      schema:\n        $ref: model_create.yml\nresponses:\n  '201':\n    $ref: responses.yml#/one\n${errors}`],
      ['get', 'get', `/v2/${name}s/{${name}_id}`, `parameters:\n  - $ref: parameters.yml#/id\nresponses:\n  '200':\n    $ref: responses.yml#/one\n${errors}`],
      ['update', 'put', `/v2/${name}s/{${name}_id}`, `parameters:\n  - $ref: parameters.yml#/id\nrequestBody:\n  required: true\n  content:\n    application/json:\n      schema:\n        $ref: model_create.yml\nresponses:\n  '200':\n    $ref: responses.yml#/one\n${errors}`],
      ['delete', 'delete', `/v2/${name}s/{${name}_id}`, `parameters:\n  - $ref: parameters.yml#/id\nresponses:\n  '204':\n    description: Deleted\n${errors}`],
    ].slice(0, Math.min(OPERATIONS_PER_RESOURCE, left));
    left -= ops.length;
    for (const [verb, method, path, body] of ops) {
      put(`${base}/${name}_${verb}.yml`, `operationId: ${name}_${verb}\nsummary: ${verb} ${name}\n${body}`);
      paths.push([path, method, `resources/${name}/${name}_${verb}.yml`]);
    }
  }
  const byPath = new Map();
  for (const [path, method, file] of paths) byPath.set(path, [...(byPath.get(path) ?? []), `    ${method}:\n      $ref: '${file}'`]);
  const pathText = [...byPath].map(([path, methods]) => `  '${path}':\n${methods.join('\n')}`).join('\n');
  put('openapi.yaml', `openapi: 3.0.3\ninfo:\n  title: Big split document\n  version: '1.0'\nsecurity:\n  - bearer: []\ncomponents:\n  securitySchemes:\n    bearer:\n      type: http\n      scheme: bearer\npaths:\n${pathText}\n`);
  return { root: join(dir, 'openapi.yaml'), operations: paths.length, files: written.size };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const flag = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
  const made = writeBigDocument(args[0] ?? 'big-document', { operations: flag('--operations', 659), files: flag('--files', 2850) });
  console.log(`${made.root}: ${made.operations} operations, ${made.files} files`);
}
