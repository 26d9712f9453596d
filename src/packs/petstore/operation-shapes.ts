import type { MediaType, Response, Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';

/**
 * What an operation must look like for the section 7 rules to serve it: the rules read these
 * request fields and answer records with these fields, so a document whose `getPetById` has
 * another path, or whose Pet has other fields, is served by the generic engine instead.
 */
interface Shape {
  method: Operation['method'];
  path: string;
  status: string;
  /** Path parameters the rules read as integers. */
  params?: readonly string[];
  /** Request body fields the rules read. */
  body?: readonly string[];
  /** The fields of the records the rules answer; the response schema must describe them all and require no other. */
  answer?: readonly string[];
  /** Answers a list paged by `limit` and `offset` (both with defaults, which the rules rely on). */
  list?: boolean;
}

const PET = ['id', 'name', 'categoryId', 'status'];
const CATEGORY = ['id', 'name', 'description'];
const ORDER = ['id', 'petId', 'quantity', 'shipDate', 'complete'];
const ITEM = ['petId', 'quantity', 'status'];
const NEW_PET = ['name', 'categoryId'];

export const SHAPES: Readonly<Record<string, Shape>> = {
  listPets: { method: 'get', path: '/pets', status: '200', answer: PET, list: true },
  createPet: { method: 'post', path: '/pets', status: '201', body: NEW_PET, answer: PET },
  getPetById: { method: 'get', path: '/pets/{petId}', status: '200', params: ['petId'], answer: PET },
  replacePet: { method: 'put', path: '/pets/{petId}', status: '200', params: ['petId'], body: NEW_PET, answer: PET },
  updatePet: { method: 'patch', path: '/pets/{petId}', status: '200', params: ['petId'], body: NEW_PET, answer: PET },
  deletePet: { method: 'delete', path: '/pets/{petId}', status: '204', params: ['petId'] },
  listCategories: { method: 'get', path: '/categories', status: '200', answer: CATEGORY, list: true },
  createCategory: { method: 'post', path: '/categories', status: '201', body: ['name'], answer: CATEGORY },
  getCategoryById: { method: 'get', path: '/categories/{categoryId}', status: '200', params: ['categoryId'], answer: CATEGORY },
  replaceCategory: { method: 'put', path: '/categories/{categoryId}', status: '200', params: ['categoryId'], body: ['name'], answer: CATEGORY },
  deleteCategory: { method: 'delete', path: '/categories/{categoryId}', status: '204', params: ['categoryId'] },
  listOrders: { method: 'get', path: '/store/orders', status: '200', answer: ORDER, list: true },
  placeOrder: { method: 'post', path: '/store/orders', status: '201', body: ['petId', 'quantity'], answer: ORDER },
  getOrderById: { method: 'get', path: '/store/orders/{orderId}', status: '200', params: ['orderId'], answer: ORDER },
  updateOrder: { method: 'patch', path: '/store/orders/{orderId}', status: '200', params: ['orderId'], body: ['complete'], answer: ORDER },
  deleteOrder: { method: 'delete', path: '/store/orders/{orderId}', status: '204', params: ['orderId'] },
  listInventory: { method: 'get', path: '/store/inventory', status: '200', answer: ITEM, list: true },
  getInventoryItem: { method: 'get', path: '/store/inventory/{petId}', status: '200', params: ['petId'], answer: ITEM },
  setInventory: { method: 'put', path: '/store/inventory/{petId}', status: '200', params: ['petId'], body: ['quantity'], answer: ITEM },
};

/** True when the operation has the operationId, method, path and schema shapes of one of SHAPES. */
export function hasPetstoreShape(operation: Operation): boolean {
  const shape = Object.hasOwn(SHAPES, operation.operationId) ? SHAPES[operation.operationId] : undefined;
  if (!shape || shape.method !== operation.method || shape.path !== operation.path) return false;
  const response = operation.responses[shape.status] as Response | undefined;
  if (!response) return false;
  for (const name of shape.params ?? []) {
    const param = operation.parameters.find((p) => p.in === 'path' && p.name === name);
    if ((param?.schema as Schema | undefined)?.type !== 'integer') return false;
  }
  if (shape.body && !describes(json(operation.requestBody?.content)?.schema as Schema | undefined, shape.body, false)) return false;
  if (shape.list) {
    for (const name of ['limit', 'offset']) {
      const param = operation.parameters.find((p) => p.in === 'query' && p.name === name);
      if ((param?.schema as Schema | undefined)?.default === undefined) return false;
    }
  }
  if (shape.answer) {
    const schema = json(response.content)?.schema as Schema | undefined;
    const record = shape.list ? (schema?.type === 'array' ? (schema.items as Schema) : undefined) : schema;
    if (!describes(record, shape.answer, true)) return false;
  }
  return true;
}

function json(content: Readonly<Record<string, MediaType>> | undefined): MediaType | undefined {
  return content?.['application/json'];
}

/** The schema is an object with every one of `fields` (and, for answers, requires no field beyond them). */
function describes(schema: Schema | undefined, fields: readonly string[], closed: boolean): boolean {
  const properties = schema?.properties;
  if (!properties || fields.some((f) => !Object.hasOwn(properties, f))) return false;
  return !closed || (schema.required ?? []).every((name) => fields.includes(name));
}
