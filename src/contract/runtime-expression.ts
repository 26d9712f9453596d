import type { Exchange } from './events.js';
import { parseRuntimeExpression, resolvePointer, type RuntimeExpression } from '../spec/runtime-expression.js';

export { parseRuntimeExpression, resolvePointer, type RuntimeExpression };

/** What an expression is evaluated against: one exchange, with the path parameters its request was made with. */
export interface ExpressionContext {
  exchange: Exchange;
  /** The URL as sent (the recorded one has its secrets masked). */
  url: string;
  pathParams: Readonly<Record<string, string>>;
}

/** The value an expression names in an exchange; undefined when the exchange does not have it. */
export function evaluateExpression(expression: RuntimeExpression, context: ExpressionContext): unknown {
  const { exchange } = context;
  switch (expression.source) {
    case 'url':
      return context.url;
    case 'method':
      return exchange.request.method;
    case 'statusCode':
      return exchange.response.status;
  }
  if (expression.part === 'body') {
    const body = expression.source === 'request' ? exchange.request.body : exchange.response.body;
    return resolvePointer(body, expression.pointer);
  }
  if (expression.part === 'header') {
    const headers = expression.source === 'request' ? exchange.request.headers : exchange.response.headers;
    const wanted = expression.name.toLowerCase();
    return Object.entries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1];
  }
  if (expression.part === 'path') return context.pathParams[expression.name];
  return new URL(context.url).searchParams.get(expression.name) ?? undefined;
}

/**
 * A link parameter's value: a runtime expression (`$response.body#/id`), a string with
 * expressions embedded in braces (`/pets/{$response.body#/id}`), or a constant.
 */
export function linkValue(raw: unknown, context: ExpressionContext): { value: unknown } | { missing: string } {
  if (typeof raw !== 'string' || !raw.includes('$')) return { value: raw };
  if (raw.startsWith('$')) {
    const expression = parseRuntimeExpression(raw);
    if (!expression) return { missing: `${raw} is not a runtime expression the runner supports` };
    const value = evaluateExpression(expression, context);
    return value === undefined ? { missing: `${raw} names nothing in the answer` } : { value };
  }
  let missing: string | undefined;
  const value = raw.replace(/\{(\$[^}]+)\}/g, (_m, text: string) => {
    const expression = parseRuntimeExpression(text);
    const part = expression ? evaluateExpression(expression, context) : undefined;
    if (part === undefined) missing ??= expression ? `${text} names nothing in the answer` : `${text} is not a runtime expression the runner supports`;
    return typeof part === 'object' ? JSON.stringify(part) : String(part);
  });
  return missing ? { missing } : { value };
}

/** Whether a link parameter's value can be evaluated by this runner (every expression in it is supported). */
export function isSupportedLinkValue(raw: unknown): boolean {
  if (typeof raw !== 'string' || !raw.includes('$')) return true;
  if (raw.startsWith('$')) return parseRuntimeExpression(raw) !== undefined;
  return [...raw.matchAll(/\{(\$[^}]+)\}/g)].every((m) => parseRuntimeExpression(m[1]!) !== undefined);
}
