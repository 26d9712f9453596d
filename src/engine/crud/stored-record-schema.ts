import type { MergedSchema } from '../../generation/merge-all-of.js';
import type { Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { jsonSchemaOf, type ResourceIndex, type Resource } from '../../spec/resource-model.js';
import { objectSchemaOf } from './record-shape.js';

/**
 * The schema a stored record of `resource` is checked against when a snapshot is imported: the
 * record schema's required fields, and each field valid against its declaration in the record
 * schema or in a request body that writes the resource (create, replace, update). The mock
 * stores what clients send, and documents often describe requests and answers by different
 * schemas (a field typed otherwise, a write-only or request-only field): a record the mock
 * itself stored must pass, or a snapshot could not be imported back. Fields neither declares
 * are allowed for the same reason.
 */
export function storedRecordSchema(resource: Resource, operations: readonly Operation[], index: ResourceIndex): Schema {
  const writes = operations
    .filter((op) => {
      const action = index.actionOf(op);
      return action?.resource === resource && (action.action === 'create' || action.action === 'replace' || action.action === 'update');
    })
    .map((op) => objectSchemaOf(jsonSchemaOf(op.requestBody?.content)))
    .filter((s): s is MergedSchema => s !== undefined);
  const record = resource.record;
  const properties: Record<string, Schema> = {};
  for (const [name, declared] of Object.entries((record.properties ?? {}) as Record<string, Schema>)) {
    const alternatives = [declared, ...writes.map((w) => (w.properties as Record<string, Schema> | undefined)?.[name]).filter((s): s is Schema => s !== undefined && s !== declared)];
    properties[name] = alternatives.length === 1 ? declared : ({ anyOf: alternatives } as Schema);
  }
  const schema: Schema = { type: 'object', properties };
  if (record.required && record.required.length > 0) schema.required = [...record.required];
  return schema;
}
