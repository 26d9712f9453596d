import type { PackEvent } from '../../engine/behaviour-pack.js';
import type { Document, Response, Schema } from '../../spec/openapi.js';
import { SHAPES } from './operation-shapes.js';

/** Fired when `PATCH /store/orders/{id}` with `{complete: true}` fulfils an open order; its body is the order. */
export const ORDER_COMPLETED = 'orderCompleted';

/**
 * The Petstore's own webhooks: the document (3.0.3) cannot declare them, so the pack does, with
 * the body schema of the order `updateOrder` answers, read from the document it serves.
 */
export function petstoreEvents(document: Document): PackEvent[] {
  const shape = SHAPES.updateOrder!;
  const operation = (document.paths?.[shape.path] as Record<string, { responses?: Record<string, Response> }> | undefined)?.[shape.method];
  const schema = operation?.responses?.[shape.status]?.content?.['application/json']?.schema as Schema | undefined;
  return [{ name: ORDER_COMPLETED, method: 'POST', schema }];
}
