import type { Parameter } from '../spec/openapi.js';

/**
 * The `name=value` pairs of one query parameter's value, serialized as its `style` and `explode`
 * say (OpenAPI 3.0.3 section 4.7.12.4): arrays as repeated names (form, explode, the default) or
 * joined by `,` `|` or ` `; objects as `name[key]=v` (deepObject), `key=v` pairs (form, explode),
 * or `name=k,v,...` (form). Before, an object was sent as `[object Object]`, which no server reads.
 */
export function queryPairs(name: string, value: unknown, parameter?: Pick<Parameter, 'style' | 'explode'>): [string, string][] {
  const style = parameter?.style ?? 'form';
  const explode = parameter?.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (explode || style === 'deepObject') return value.map((item) => [name, scalar(item)]);
    return [[name, value.map(scalar).join(DELIMITERS[style] ?? ',')]];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    if (style === 'deepObject') return entries.map(([key, v]) => [`${name}[${key}]`, scalar(v)]);
    if (explode) return entries.map(([key, v]) => [key, scalar(v)]);
    return [[name, entries.flatMap(([key, v]) => [key, scalar(v)]).join(',')]];
  }
  return [[name, scalar(value)]];
}

const DELIMITERS: Record<string, string> = { spaceDelimited: ' ', pipeDelimited: '|' };

/** A value nested deeper than the style can say is sent as JSON rather than `[object Object]`. */
function scalar(value: unknown): string {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);
}
