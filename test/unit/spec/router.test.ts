import { beforeAll, describe, expect, it } from 'vitest';
import { Router } from '../../../src/spec/router.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

let router: Router;
beforeAll(async () => {
  router = new Router((await petstoreDocument()).index.operations);
});

const idOf = (method: string, path: string) => {
  const m = router.match(method, path);
  return m.kind === 'operation' ? `${m.operation.operationId} ${JSON.stringify(m.params)}` : m.kind;
};

describe('Router', () => {
  it('resolves literal and templated paths to their operations with the raw parameters', () => {
    expect(idOf('GET', '/pets')).toBe('listPets {}');
    expect(idOf('GET', '/pets/42')).toBe('getPetById {"petId":"42"}');
    expect(idOf('PUT', '/store/inventory/7')).toBe('setInventory {"petId":"7"}');
    expect(idOf('GET', '/store/inventory')).toBe('listInventory {}');
    expect(idOf('PATCH', '/store/orders/%31')).toBe('updateOrder {"orderId":"%31"}');
  });

  it('prefers a literal segment to a parameter: /store/inventory is not /store/{x}', () => {
    expect(idOf('GET', '/store/orders')).toBe('listOrders {}');
  });

  it('answers not-found for unknown paths, trailing slashes and extra segments', () => {
    for (const path of ['/', '/nowhere', '/pets/', '/pets/1/', '/pets/1/x', '/PETS', '//pets', '']) {
      expect(router.match('GET', path).kind, path).toBe('not-found');
    }
  });

  it('answers method-not-allowed with the Allow list of the path, HEAD included where GET is', () => {
    expect(router.match('DELETE', '/pets')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'POST', 'HEAD'] });
    expect(router.match('POST', '/store/inventory/1')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'PUT', 'HEAD'] });
  });

  it('answers HEAD as GET where GET is documented', () => {
    expect(idOf('HEAD', '/categories/3')).toBe('getCategoryById {"categoryId":"3"}');
  });
});
