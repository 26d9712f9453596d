import { createSchemaRegistry, type SchemaRegistry } from '../../../../src/contract/schema-registry.js';
import type { CheckContext } from '../../../../src/contract/checks/types.js';
import type { Operation } from '../../../../src/spec/operation-index.js';
import { NOW } from '../../../helpers/contract-exchange.js';
import { petstoreDocument } from '../../../helpers/petstore-document.js';

let registry: SchemaRegistry | undefined;

/** The petstore document's operations and their compiled schemas, for checking hand-made exchanges. */
export async function checkFixtures(): Promise<{ op: (id: string) => Operation; context: (extra?: Partial<CheckContext>) => CheckContext }> {
  const { index } = await petstoreDocument();
  registry ??= createSchemaRegistry(index.operations);
  const schemas = registry;
  return {
    op: (id) => {
      const operation = index.byId(id);
      if (!operation) throw new Error(`no operation ${id}`);
      return operation;
    },
    context: (extra = {}) => ({ schemas, receivedAt: NOW, ...extra }),
  };
}
