import type { Failure, StreamItem } from '../events.js';
import { documentedResponse } from '../documented-response.js';
import type { CompiledSchema } from '../schema-registry.js';
import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const STREAM_ITEMS: CheckInfo = { name: 'stream-items', checks: 'each item of a streamed answer (SSE event, JSON line, json-seq text) is well framed and matches the item schema; a failure names the item index', basis: 'the itemSchema (OpenAPI 3.2) or the event schema of the documented text/event-stream, application/jsonl or application/json-seq answer; WHATWG HTML section 9.2 for SSE framing' };

/** At most this many failing items per answer; the rest are counted, not listed. */
const MAX_ITEMS = 5;

/**
 * Each item of a streamed answer matches the item schema (OpenAPI 3.2 `itemSchema`, or a 3.0/3.1
 * schema of one item): an SSE event's fields, then its `data` read as JSON against its
 * `contentSchema`; a JSON line or json-seq text as it is. A frame that could not be read fails
 * too. Every failure names the item's index.
 */
export const streamItems: Check = (exchange, operation, context) => {
  const stream = exchange.response.stream;
  if (!stream) return [];
  const documented = documentedResponse(operation, exchange.response.status);
  const schemas = documented ? context.schemas.items(operation.operationId, documented.key, stream.type) : undefined;
  const at = `${describeRequest(exchange)} -> ${exchange.response.status}`;
  const failures: Failure[] = [];
  let failing = 0;
  for (const item of stream.items) {
    const problem = itemProblem(item, schemas);
    if (!problem) continue;
    if (++failing > MAX_ITEMS) continue;
    failures.push({ check: STREAM_ITEMS.name, message: `${at}: item ${item.index}: ${problem.message}`, ...(problem.expected && { expected: problem.expected }), ...(problem.actual && { actual: problem.actual }), location: `item ${item.index}${problem.path}` });
  }
  if (failing > MAX_ITEMS) failures.push({ check: STREAM_ITEMS.name, message: `${at}: and ${failing - MAX_ITEMS} more items that do not match`, location: 'items' });
  return failures;
};

function itemProblem(item: StreamItem, schemas: { eventForm: boolean; item: CompiledSchema | undefined; data: CompiledSchema | undefined } | undefined): { message: string; path: string; expected?: string; actual?: string } | undefined {
  if (item.problem) return { message: item.problem, path: '' };
  if (!schemas) return undefined;
  if (item.event) {
    if (schemas.eventForm && schemas.item) {
      const problem = schemas.item(item.event)[0];
      if (problem) return { ...problem, path: ` ${problem.path}` };
    }
    if (!schemas.data) return undefined;
    let data: unknown;
    try {
      data = JSON.parse(item.event.data);
    } catch {
      return { message: 'its data is not JSON', expected: 'JSON', actual: item.event.data.slice(0, 80), path: ' data' };
    }
    const problem = schemas.data(data)[0];
    return problem ? { ...problem, path: ` data ${problem.path}` } : undefined;
  }
  const problem = schemas.item?.(item.value)[0];
  return problem ? { ...problem, path: ` ${problem.path}` } : undefined;
}
