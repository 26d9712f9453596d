import type { Document, Schema } from './openapi.js';
import type { Operation } from './operation-index.js';

/** A request the API makes to its clients: an operation's callback, or a 3.1 webhook. */
export interface OutgoingTemplate {
  /** The callback's or webhook's name. */
  name: string;
  /** A callback's URL expression (`{$request.body#/callbackUrl}/done`); '' for a webhook (its targets are registered). */
  url: string;
  method: string;
  /** The JSON schema of its request body, when it documents one. */
  schema: Schema | undefined;
}

const METHODS = ['post', 'put', 'patch', 'get', 'delete'];

type PathItem = Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } } | undefined>;

function fromPathItem(name: string, url: string, item: PathItem | undefined): OutgoingTemplate[] {
  const out: OutgoingTemplate[] = [];
  for (const method of METHODS) {
    const op = item?.[method];
    if (!op) continue;
    const content = op.requestBody?.content ?? {};
    const json = Object.entries(content).find(([type]) => /json/i.test(type))?.[1];
    out.push({ name, url, method: method.toUpperCase(), schema: json?.schema });
  }
  return out;
}

/** The callbacks an operation documents, one per callback expression and method. */
export function callbacksOf(document: Document, operation: Operation): OutgoingTemplate[] {
  const item = (document.paths?.[operation.path] ?? {}) as Record<string, { callbacks?: Record<string, Record<string, PathItem>> } | undefined>;
  const callbacks = item[operation.method.toLowerCase()]?.callbacks ?? {};
  return Object.entries(callbacks).flatMap(([name, expressions]) => Object.entries(expressions ?? {}).flatMap(([url, pathItem]) => fromPathItem(name, url, pathItem)));
}

/** The document's 3.1 `webhooks` by name (the first method each documents). */
export function webhooksOf(document: Document): Map<string, OutgoingTemplate> {
  const webhooks = ((document as { webhooks?: Record<string, PathItem> }).webhooks ?? {}) as Record<string, PathItem>;
  const out = new Map<string, OutgoingTemplate>();
  for (const [name, item] of Object.entries(webhooks)) {
    const first = fromPathItem(name, '', item)[0];
    if (first) out.set(name, first);
  }
  return out;
}
