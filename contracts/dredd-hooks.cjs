'use strict';
/**
 * Dredd 14 hooks for spec/petstore.yaml (run them with `npm run contract:dredd`, see README.md).
 * Dredd loads hookfiles with require(), so this is CommonJS (.cjs: the package is ESM).
 *
 * Environment (set by src/cli/dredd-command.ts):
 *   PETSTORE_API_KEY   the key sent as X-API-Key (required)
 *   PETSTORE_BASE_URL  where the setup requests go (default: the transactions' host)
 *
 * What the hooks do, and why:
 * - Dredd makes a transaction for every documented response of OpenAPI 3, errors included, and
 *   sends the same valid request for each: only the 2xx ones can pass, the rest are skipped.
 * - Authentication: X-API-Key on every request (and masked before Dredd reports the request).
 * - Path ids that exist: records are created first (contracts/dredd-fixtures.cjs); reads and
 *   updates use one set, each DELETE its own; request bodies name the created category and pet.
 * - Express answers `application/json; charset=utf-8` and Dredd compares the media type
 *   literally, so the charset parameter is dropped from the real Content-Type before validation.
 * - Dredd checks a body only against the keys of the first example and demands every documented
 *   header, optional ones included. The hooks give Dredd the document's JSON Schema for the body
 *   (`expected.bodySchema`) and stop expecting headers the document does not require.
 */
const hooks = require('hooks');
const { bodySchema, documentedResponse, loadDocument, optionalHeaders } = require('./dredd-document.cjs');
const { createFixtures } = require('./dredd-fixtures.cjs');

const apiKey = process.env.PETSTORE_API_KEY || '';
const state = { document: undefined, fixtures: undefined, setupError: undefined };

const log = (message) => hooks.log(`petstore-kit hooks: ${message}`);
const mask = (key) => (key.length <= 8 ? '*'.repeat(key.length) : `${key.slice(0, 4)}${'*'.repeat(key.length - 6)}${key.slice(-2)}`);

function baseUrlOf(transaction) {
  if (process.env.PETSTORE_BASE_URL) return process.env.PETSTORE_BASE_URL;
  const basePath = transaction.fullPath.slice(0, transaction.fullPath.length - transaction.request.uri.length);
  return `${transaction.protocol}//${transaction.host}:${transaction.port}${basePath}`;
}

/** Which kind of record a POST of this path creates, for the cleanup. */
function createdKind(path) {
  return { '/pets': 'pet', '/categories': 'category', '/store/orders': 'order' }[path];
}

hooks.beforeAll((transactions, done) => {
  (async () => {
    if (apiKey === '') throw new Error('PETSTORE_API_KEY is not set');
    const first = transactions[0];
    if (!first) return;
    state.document = loadDocument(first.origin.filename);
    state.fixtures = createFixtures({ baseUrl: baseUrlOf(first), apiKey, log });
    await state.fixtures.setUp();
  })().then(
    () => done(),
    (error) => {
      state.setupError = error;
      log(`setting up the records failed: ${error.message}`);
      done();
    },
  );
});

hooks.beforeEach((transaction) => {
  if (!/^2\d\d$/.test(String(transaction.expected.statusCode))) {
    transaction.skip = true;
    return;
  }
  if (state.setupError || !state.fixtures) {
    transaction.fail = `the hooks could not set up the records this run needs: ${state.setupError ? state.setupError.message : 'no transactions'}`;
    return;
  }
  transaction.request.headers['X-API-Key'] = apiKey;
  try {
    usePathIds(transaction);
    useBodyIds(transaction);
  } catch (error) {
    transaction.fail = error.message;
    return;
  }

  const response = documentedResponse(state.document, transaction);
  if (!response) {
    transaction.fail = `the hooks found no documented response for ${transaction.name}`;
    return;
  }
  for (const name of optionalHeaders(state.document, response)) {
    for (const key of Object.keys(transaction.expected.headers || {})) {
      if (key.toLowerCase() === name.toLowerCase()) delete transaction.expected.headers[key];
    }
  }
  const schema = bodySchema(state.document, response);
  if (schema) transaction.expected.bodySchema = schema;
});

/** `/pets/1` -> `/pets/<created id>`, from the path template of the transaction's origin. */
function usePathIds(transaction) {
  const template = transaction.origin.resourceName;
  if (!template.includes('{')) return;
  const method = String(transaction.request.method).toUpperCase();
  const query = transaction.request.uri.includes('?') ? transaction.request.uri.slice(transaction.request.uri.indexOf('?')) : '';
  const path = template.replace(/\{([^}]+)\}/g, (whole, name) => {
    const id = state.fixtures.idFor(name, method);
    if (id === undefined) throw new Error(`no record for path parameter ${name} of ${transaction.name}`);
    return encodeURIComponent(String(id));
  });
  const basePath = transaction.fullPath.slice(0, transaction.fullPath.length - transaction.request.uri.length);
  transaction.request.uri = `${path}${query}`;
  transaction.fullPath = `${basePath}${path}${query}`;
  // The id is what Dredd reports (`GET (200) /pets/1`): make it name the request really made.
  transaction.id = transaction.id.replace(/ \S+$/, ` ${transaction.request.uri}`);
}

/** Request bodies name the created category and pet instead of the example's ids. */
function useBodyIds(transaction) {
  if (!transaction.request.body) return;
  let body;
  try {
    body = JSON.parse(transaction.request.body);
  } catch {
    return;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return;
  let changed = false;
  for (const field of ['categoryId', 'petId']) {
    const id = state.fixtures.bodyId(field);
    if (field in body && id !== undefined) {
      body[field] = id;
      changed = true;
    }
  }
  if (changed) transaction.request.body = JSON.stringify(body);
}

hooks.beforeEachValidation((transaction) => {
  const headers = (transaction.real && transaction.real.headers) || {};
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === 'content-type' && typeof headers[key] === 'string') headers[key] = headers[key].split(';')[0].trim();
  }
});

hooks.afterEach((transaction) => {
  // Dredd prints the request of a failed transaction: never the key.
  if (transaction.request.headers['X-API-Key']) transaction.request.headers['X-API-Key'] = mask(apiKey);
  const real = transaction.real;
  const kind = transaction.request.method === 'POST' ? createdKind(transaction.origin.resourceName) : undefined;
  if (kind && real && Number(real.statusCode) === 201 && state.fixtures) {
    try {
      state.fixtures.track(kind, JSON.parse(real.body).id);
    } catch {
      // A 201 without a JSON id is the transaction's failure to report, not the cleanup's.
    }
  }
});

hooks.afterAll((transactions, done) => {
  if (!state.fixtures) {
    done();
    return;
  }
  state.fixtures.tearDown().then(
    () => done(),
    (error) => {
      log(`cleanup failed: ${error.message}`);
      done();
    },
  );
});
