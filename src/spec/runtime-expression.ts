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
