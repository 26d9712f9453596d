import { parseRuntimeExpression, resolvePointer } from '../../spec/runtime-expression.js';

/** The exchange a callback's URL expression is read from. */
export interface CallbackContext {
  method: string;
  /** The request URL as the mock saw it (path and query). */
  url: string;
  pathParams: Readonly<Record<string, unknown>>;
  query: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  requestBody: unknown;
  status: number;
  responseHeaders: Readonly<Record<string, string>>;
  responseBody: unknown;
}

/** `{$request.body#/callbackUrl}/events` with its expressions resolved; undefined when one names nothing. */
export function callbackUrl(template: string, context: CallbackContext): string | undefined {
  let missing = false;
  const text = template.startsWith('$') ? `{${template}}` : template;
  const url = text.replace(/\{(\$[^}]+)\}/g, (_m, expression: string) => {
    const value = evaluate(expression, context);
    if (value === undefined || value === null) missing = true;
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  });
  return missing ? undefined : url;
}

function evaluate(text: string, c: CallbackContext): unknown {
  const e = parseRuntimeExpression(text);
  if (!e) return undefined;
  if (!('part' in e)) return e.source === 'url' ? c.url : e.source === 'method' ? c.method : c.status;
  if (e.part === 'body') return resolvePointer(e.source === 'request' ? c.requestBody : c.responseBody, e.pointer);
  if (e.part === 'header') {
    const wanted = e.name.toLowerCase();
    const headers = e.source === 'request' ? c.headers : c.responseHeaders;
    const found = Object.entries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1];
    return Array.isArray(found) ? found[0] : found;
  }
  if (e.part === 'path') return c.pathParams[e.name];
  return new URLSearchParams(c.query).get(e.name) ?? undefined;
}
