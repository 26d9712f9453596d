import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContractRunError } from '../../../src/contract/contract-error.js';
import { buildPlan, type PlanOptions } from '../../../src/contract/plan.js';
import { applicablePrerequisites, bundledPrerequisites, loadPrerequisiteFile, parsePrerequisites } from '../../../src/contract/prerequisites.js';
import { petstoreDocument } from '../../helpers/petstore-document.js';

const defaults: PlanOptions = { tags: [], operations: [], skipStability: [], includeRateLimit: false };

describe('prerequisites files (contracts/prerequisites.schema.json)', () => {
  it('ships the Petstore\'s one: placeOrder needs setInventory, pinned to POST /store/orders', () => {
    expect(bundledPrerequisites()).toEqual([
      {
        operation: 'placeOrder',
        method: 'post',
        path: '/store/orders',
        needs: 'setInventory',
        why: 'an order takes stock, and a new pet has none',
        atLeast: { quantity: 'quantity' },
        file: 'contracts/petstore.prerequisites.json',
      },
    ]);
  });

  it.each([
    ['{', /^f\.json: not valid JSON/],
    ['[]', /^f\.json: \/ must be object \(see contracts\/prerequisites\.schema\.json\)$/],
    ['{"prerequisites":[{"operation":"a","needs":"b"}]}', /^f\.json: \/prerequisites\/0 must have required property 'why'/],
    ['{"prerequisites":[{"operation":"a","needs":"b","why":"c","method":"GET"}]}', /^f\.json: \/prerequisites\/0\/method must be equal to one of the allowed values/],
    ['{"prerequisites":[{"operation":"a","needs":"b","why":"c","atleast":{}}]}', /^f\.json: \/prerequisites\/0 must NOT have additional properties/],
  ])('refuses %s with the file and the JSON path', (text, message) => {
    expect(() => parsePrerequisites('f.json', text)).toThrow(ContractRunError);
    expect(() => parsePrerequisites('f.json', text)).toThrow(message);
  });

  it('says which --prerequisites file cannot be read', async () => {
    await expect(loadPrerequisiteFile('/no/such/file.json')).rejects.toThrow('--prerequisites /no/such/file.json: cannot be read (ENOENT)');
  });

  it('applies an entry only where its operation is in the document, at its pinned method and path, with the fields it reads', async () => {
    const { index } = await petstoreDocument();
    const entry = { operation: 'placeOrder', needs: 'setInventory', why: 'w', atLeast: { quantity: 'quantity' }, file: 'f' };
    expect(applicablePrerequisites(index, [entry]).get('placeOrder')![0]!.before?.operationId).toBe('setInventory');
    expect(applicablePrerequisites(index, [{ ...entry, path: '/store/order' }]).size).toBe(0);
    expect(applicablePrerequisites(index, [{ ...entry, method: 'put' }]).size).toBe(0);
    expect(applicablePrerequisites(index, [{ ...entry, operation: 'noSuchOperation' }]).size).toBe(0);
    expect(applicablePrerequisites(index, [{ ...entry, atLeast: { quantity: 'amount' } }]).size).toBe(0);
    expect(applicablePrerequisites(index, [{ ...entry, needs: 'restock' }]).get('placeOrder')).toEqual([
      { entry: { ...entry, needs: 'restock' }, missing: 'placeOrder needs restock first (w; f), which the document does not define' },
    ]);
    expect(applicablePrerequisites(index, [{ ...entry, atLeast: { amount: 'quantity' } }]).get('placeOrder')![0]!.missing).toBe(
      'placeOrder needs setInventory first (w; f), whose body has no field amount',
    );
  });

  it('adds a user\'s file to the bundled one: its call comes before the request, with the body it gives', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'prereq-'));
    try {
      const file = join(dir, 'mine.json');
      await writeFile(file, JSON.stringify({ prerequisites: [{ operation: 'createPet', needs: 'replaceCategory', why: 'the category must be named', body: { name: 'Dogs' } }] }));
      const { loaded } = await petstoreDocument();
      const { cases } = buildPlan(loaded, { ...defaults, prerequisites: await loadPrerequisiteFile(file) });
      const createPet = cases.find((c) => c.id === 'createPet/positive/example:dog')!;
      expect(createPet.prepare).toEqual([{ operationId: 'replaceCategory', pathParams: { categoryId: { fixture: 'category' } }, query: {}, credentials: 'api-key', body: { value: { name: 'Dogs' }, refs: {} } }]);
      expect(cases.find((c) => c.id === 'placeOrder/positive/example:scheduled')!.prepare.map((p) => p.operationId)).toEqual(['setInventory']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
