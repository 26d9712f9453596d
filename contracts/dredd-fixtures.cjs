'use strict';
/**
 * Records the Dredd run needs, made through the API itself so that any implementation can be the
 * target: a category, a pet with stock and two open orders that the read and update
 * transactions use, and a second category, pet and order for each DELETE (Dredd runs the
 * transactions in document order, so a DELETE of the shared record would break what follows).
 * Everything the run creates is deleted again at the end, as far as the API allows.
 */

const NAME = 'dredd-hooks';

function createFixtures({ baseUrl, apiKey, log = () => {} }) {
  const root = baseUrl.replace(/\/+$/, '');
  /** Path parameter name -> ids: `shared` for reads and updates, `disposable` for DELETE. */
  const ids = {};
  /** Everything to delete at the end, by kind, in creation order. */
  const created = { order: [], pet: [], category: [] };

  async function call(method, path, body) {
    const response = await fetch(`${root}${path}`, {
      method,
      headers: { 'X-API-Key': apiKey, Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    let json;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  }

  async function create(kind, path, body) {
    const { status, json, text } = await call('POST', path, body);
    if (status !== 201 || !json || typeof json.id !== 'number') {
      throw new Error(`POST ${path} ${JSON.stringify(body)} answered ${status} ${text.slice(0, 300)}`);
    }
    created[kind].push(json.id);
    return json.id;
  }

  async function setUp() {
    const category = await create('category', '/categories', { name: NAME, description: 'Made by the Dredd hooks of petstore-kit' });
    const spareCategory = await create('category', '/categories', { name: `${NAME}-delete`, description: 'Deleted by the Dredd run' });
    const pet = await create('pet', '/pets', { name: NAME, categoryId: category });
    const sparePet = await create('pet', '/pets', { name: `${NAME}-delete`, categoryId: category });
    const stock = await call('PUT', `/store/inventory/${pet}`, { quantity: 10 });
    if (stock.status !== 200) throw new Error(`PUT /store/inventory/${pet} answered ${stock.status} ${stock.text.slice(0, 300)}`);
    const order = await create('order', '/store/orders', { petId: pet, quantity: 1 });
    const spareOrder = await create('order', '/store/orders', { petId: pet, quantity: 1 });
    ids.categoryId = { shared: category, disposable: spareCategory };
    ids.petId = { shared: pet, disposable: sparePet };
    ids.orderId = { shared: order, disposable: spareOrder };
  }

  /** A record a transaction created (POST ... 201), to delete at the end. */
  function track(kind, id) {
    if (created[kind] && typeof id === 'number') created[kind].push(id);
  }

  /** The id for a path parameter: DELETE gets the disposable record, every other method the shared one. */
  function idFor(parameter, method) {
    const entry = ids[parameter];
    if (!entry) return undefined;
    return method === 'DELETE' ? entry.disposable : entry.shared;
  }

  /** The id a request body field (`categoryId`, `petId`) should name. */
  function bodyId(field) {
    const entry = ids[field];
    return entry ? entry.shared : undefined;
  }

  async function tearDown() {
    const paths = { order: '/store/orders', pet: '/pets', category: '/categories' };
    // Orders before pets before categories: each may block the deletion of the next.
    for (const kind of ['order', 'pet', 'category']) {
      for (const id of [...created[kind]].reverse()) {
        const { status, text } = await call('DELETE', `${paths[kind]}/${id}`);
        // 404: the run deleted it already; 409: a fulfilled order, which the API keeps by design.
        if (status !== 204 && status !== 404 && status !== 409) log(`cleanup: DELETE ${paths[kind]}/${id} answered ${status} ${text.slice(0, 200)}`);
      }
    }
  }

  return { setUp, tearDown, track, idFor, bodyId };
}

module.exports = { createFixtures };
