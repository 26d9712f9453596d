import type { Exchange } from './events.js';

/**
 * OpenAPI runtime expressions (3.0.3 section 4.7.20.4), the subset a link needs to carry a value
 * from one answer into the next request: `$url`, `$method`, `$statusCode`,
 * `$request.path.NAME`, `$request.query.NAME`, `$request.header.NAME`, `$request.body#/pointer`,
 * `$response.header.NAME`, `$response.body#/pointer`.
 */
export type RuntimeExpression =
  | { source: 'url' | 'method' | 'statusCode' }
  | { source: 'request' | 'response'; part: 'header'; name: string }
  | { source: 'request'; part: 'path' | 'query'; name: string }
  | { source: 'request' | 'response'; part: 'body'; pointer: string };

/** What an expression is evaluated against: one exchange, with the path parameters its request was made with. */
export interface ExpressionContext {
  exchange: Exchange;
  /** The URL as sent (the recorded one has its secrets masked). */
  url: string;
  pathParams: Readonly<Record<string, string>>;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Parses one expression; undefined when the text is not one this runner supports. */
export function parseRuntimeExpression(text: string): RuntimeExpression | undefined {
  if (text === '$url' || text === '$method' || text === '$statusCode') return { source: text.slice(1) as 'url' | 'method' | 'statusCode' };
  const match = /^\$(request|response)\.(path|query|header|body)(?:\.(.+)|(#.*))?$/.exec(text);
  if (!match) return undefined;
  const [, source, part, name, fragment] = match as unknown as [string, 'request' | 'response', 'path' | 'query' | 'header' | 'body', string | undefined, string | undefined];
  if (part === 'body') {
    if (name !== undefined) return undefined;
    const pointer = fragment === undefined ? '' : fragment.slice(1);
    return pointer === '' || pointer.startsWith('/') ? { source, part, pointer } : undefined;
  }
  if (name === undefined || fragment !== undefined) return undefined;
  if (part === 'header') return TOKEN.test(name) ? { source, part, name } : undefined;
  return source === 'request' ? { source, part, name } : undefined;
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

/** RFC 6901: `''` is the whole value, `/a/0/b~1c` walks objects and arrays. */
export function resolvePointer(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  let current = value;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(key)) return undefined;
      current = current[Number(key)];
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, key)) {
      current = (current as Record<string, unknown>)[key];
    } else {
      return undefined;
    }
  }
  return current;
}
