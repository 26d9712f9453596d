import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '../../src/core/errors.js';
import type { Operation, OperationIndex } from '../../src/spec/operation-index.js';
import { petstoreDocument } from '../helpers/petstore-document.js';

let index: OperationIndex;
beforeAll(async () => {
  index = (await petstoreDocument()).index;
});

const RATE_LIMIT_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit', 'RateLimit-Policy'];
const LISTS = ['listPets', 'listCategories', 'listOrders', 'listInventory'];
/** The operation-specific errors of INTERFACE.md sections 3, 6 and 7: status -> codes. */
const SPECIFIC: Record<string, Record<string, string[]>> = {
  getPetById: { '410': ['endpoint_sunset'] },
  deletePet: { '409': ['pet_has_open_orders'] },
  deleteCategory: { '409': ['category_in_use'] },
  placeOrder: { '409': ['pet_not_available', 'insufficient_stock'], '422': ['invalid_reference'] },
  updateOrder: { '409': ['order_completed'] },
  deleteOrder: { '409': ['order_completed'] },
  createPet: { '422': ['invalid_reference'] },
  replacePet: { '422': ['invalid_reference'] },
  updatePet: { '422': ['invalid_reference'] },
};

/**
 * Every status an operation can answer, derived from the order of checks of INTERFACE.md
 * section 5: everyone can meet 400/401/403(ban)/429/500; writes add 403 forbidden; bodies add
 * 413/415; an id in the path adds 404.
 */
function expectedErrors(op: Operation): Record<string, string[]> {
  const write = op.method !== 'get';
  const errors: Record<string, string[]> = {
    '400': ['validation_failed'],
    '401': ['unauthorized'],
    '403': write ? ['forbidden', 'key_banned'] : ['key_banned'],
    '429': ['rate_limit_exceeded'],
    '500': ['internal_error'],
  };
  if (op.requestBody) {
    errors['413'] = ['payload_too_large'];
    errors['415'] = ['unsupported_media_type'];
  }
  if (op.path.includes('{')) errors['404'] = ['not_found'];
  return { ...errors, ...SPECIFIC[op.operationId] };
}

function header(op: Operation, status: string, name: string) {
  return op.responses[status]?.headers?.[name] as { required?: boolean; schema?: any } | undefined;
}

describe('documented responses', () => {
  it('list, for every operation, exactly its success and every error it can answer', () => {
    for (const op of index.operations) {
      const errors = Object.keys(expectedErrors(op)).sort();
      const documented = Object.keys(op.responses).filter((s) => !s.startsWith('2')).sort();
      expect(documented, op.operationId).toEqual(errors);
      expect(op.responses.default, op.operationId).toBeUndefined();
    }
  });

  it('give every error the Error schema, narrowed to its status and codes of section 6', () => {
    for (const op of index.operations) {
      for (const [status, codes] of Object.entries(expectedErrors(op))) {
        for (const code of codes) expect(ERROR_STATUS[code as keyof typeof ERROR_STATUS], code).toBe(Number(status));
        const schema = op.responses[status]!.content?.['application/json']?.schema as any;
        expect(schema?.allOf?.[0]?.required, `${op.operationId} ${status}`).toEqual(['code', 'message', 'status']);
        expect(schema.allOf[1].properties.code.enum, `${op.operationId} ${status}`).toEqual(codes);
        expect(schema.allOf[1].properties.status.enum, `${op.operationId} ${status}`).toEqual([Number(status)]);
      }
    }
  });

  it('require the rate-limit headers of section 5 on every response of every operation', () => {
    for (const op of index.operations) {
      for (const status of Object.keys(op.responses)) {
        for (const name of RATE_LIMIT_HEADERS) {
          expect(header(op, status, name)?.required, `${op.operationId} ${status} ${name}`).toBe(true);
        }
      }
    }
  });

  it('require Location on every 201', () => {
    const creates = index.operations.filter((o) => o.responses['201']);
    expect(creates.map((o) => o.operationId).sort()).toEqual(['createCategory', 'createPet', 'placeOrder']);
    for (const op of creates) expect(header(op, '201', 'Location')?.required, op.operationId).toBe(true);
  });

  it('require X-Total-Count on lists and document an optional Link', () => {
    for (const id of LISTS) {
      const op = index.byId(id)!;
      expect(header(op, '200', 'X-Total-Count')?.required, id).toBe(true);
      expect(header(op, '200', 'Link'), id).toBeDefined();
      expect(header(op, '200', 'Link')?.required ?? false, id).toBe(false);
    }
  });

  it('require Retry-After on 429, and on the 403 of read operations (only key_banned)', () => {
    for (const op of index.operations) {
      expect(header(op, '429', 'Retry-After')?.required, op.operationId).toBe(true);
      expect(header(op, '429', 'Retry-After')?.schema).toMatchObject({ type: 'integer', minimum: 1 });
      const ban = header(op, '403', 'Retry-After');
      expect(ban, op.operationId).toBeDefined();
      expect(ban!.required ?? false, op.operationId).toBe(op.method === 'get');
    }
  });

  it('require WWW-Authenticate on 401', () => {
    for (const op of index.operations) expect(header(op, '401', 'WWW-Authenticate')?.required, op.operationId).toBe(true);
  });

  it('require Deprecation, Sunset and the successor Link on every response of GET /pets/{petId}', () => {
    const op = index.byId('getPetById')!;
    for (const status of Object.keys(op.responses)) {
      for (const name of ['Deprecation', 'Sunset', 'Link']) {
        expect(header(op, status, name)?.required, `${status} ${name}`).toBe(true);
      }
      expect(new RegExp(header(op, status, 'Deprecation')!.schema.pattern).test('@1767225600')).toBe(true);
      expect(new RegExp(header(op, status, 'Sunset')!.schema.pattern).test('Wed, 30 Jun 2027 23:59:59 GMT')).toBe(true);
      expect(new RegExp(header(op, status, 'Link')!.schema.pattern).test('</pets?id=7>; rel="successor-version"')).toBe(true);
    }
    for (const other of index.operations.filter((o) => o.operationId !== 'getPetById')) {
      expect(header(other, Object.keys(other.responses)[0]!, 'Deprecation'), other.operationId).toBeUndefined();
    }
  });
});
