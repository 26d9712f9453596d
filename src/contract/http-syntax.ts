/** Parsers for the header syntaxes the checks verify (RFC 9745, RFC 9110 IMF-fixdate, RFC 8288, IETF RateLimit draft). */

const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * An RFC 9110 IMF-fixdate (`Wed, 30 Jun 2027 23:59:59 GMT`) as epoch ms, or undefined. The weekday
 * must be the right one: a round trip through `toUTCString` rejects `Mon, 30 Jun 2027 ...`.
 */
export function parseImfFixdate(value: string): number | undefined {
  // Remembered: an answer's Date changes once a second and a Sunset never, yet every answer is checked.
  if (parsedDates.has(value)) return parsedDates.get(value);
  if (parsedDates.size >= DATES_KEPT) parsedDates.clear();
  const ms = IMF_FIXDATE.test(value) ? Date.parse(value) : NaN;
  const instant = Number.isNaN(ms) || new Date(ms).toUTCString() !== value ? undefined : ms;
  parsedDates.set(value, instant);
  return instant;
}

/** Bounded: a target sending a new value each time costs a cleared map now and then, not memory. */
const DATES_KEPT = 64;
const parsedDates = new Map<string, number | undefined>();

/** RFC 9745 `Deprecation: @<unix seconds>` (a structured-field Date) as epoch ms, or undefined. */
export function parseDeprecation(value: string): number | undefined {
  const match = /^@(-?\d{1,15})$/.exec(value);
  return match ? Number(match[1]) * 1000 : undefined;
}

export interface LinkValue {
  target: string;
  rel: string[];
}

/**
 * RFC 8288 links: `<url>; rel="next", <url2>; rel="prev"`. Unparseable input gives []. A single
 * forward scan (no backtracking regex): the header comes from the target, which may send a
 * megabyte of `<` to stall a parser that retries from every position.
 */
export function parseLinks(value: string): LinkValue[] {
  const links: LinkValue[] = [];
  let i = 0;
  while (i < value.length) {
    const open = value.indexOf('<', i);
    if (open < 0) break;
    const close = value.indexOf('>', open + 1);
    if (close < 0) break;
    const end = endOfLinkValue(value, close + 1);
    links.push({ target: value.slice(open + 1, close), rel: relOf(splitParams(value.slice(close + 1, end))) });
    i = end + 1;
  }
  return links;
}

/** The index of the comma that ends a link-value (or the end), skipping quoted strings. */
function endOfLinkValue(value: string, from: number): number {
  let inQuote = false;
  for (let j = from; j < value.length; j++) {
    const c = value[j];
    if (inQuote) {
      if (c === '\\') j++;
      else if (c === '"') inQuote = false;
    } else if (c === '"') inQuote = true;
    else if (c === ',') return j;
  }
  return value.length;
}

/** `; rel="a b"; title=x` as [name, value] pairs, names lower-cased, quotes removed. */
function splitParams(params: string): [string, string][] {
  const pairs: [string, string][] = [];
  let inQuote = false;
  let start = 0;
  const take = (part: string) => {
    const eq = part.indexOf('=');
    const name = (eq < 0 ? part : part.slice(0, eq)).trim().toLowerCase();
    const raw = eq < 0 ? '' : part.slice(eq + 1).trim();
    if (name !== '') pairs.push([name, raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw]);
  };
  for (let j = 0; j < params.length; j++) {
    const c = params[j];
    if (inQuote) {
      if (c === '\\') j++;
      else if (c === '"') inQuote = false;
    } else if (c === '"') inQuote = true;
    else if (c === ';') {
      take(params.slice(start, j));
      start = j + 1;
    }
  }
  take(params.slice(start));
  return pairs;
}

function relOf(params: [string, string][]): string[] {
  const rel = params.find(([name]) => name === 'rel')?.[1] ?? '';
  return rel.split(/\s+/).filter(Boolean);
}

/** The IETF draft `RateLimit: "minute";r=59;t=31` field. */
export function parseRateLimitField(value: string): { policy: string; remaining: number; resetSeconds: number } | undefined {
  const match = /^"([^"]+)";r=(\d+);t=(\d+)$/.exec(value.trim());
  if (!match) return undefined;
  return { policy: match[1] as string, remaining: Number(match[2]), resetSeconds: Number(match[3]) };
}

/** A header holding a non-negative integer (`X-RateLimit-Remaining`, `Retry-After` in seconds). */
export function parseWholeNumber(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,16}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** The media type of a Content-Type value, lower-cased, without parameters. */
export function mediaTypeOf(contentType: string | undefined): { type: string; params: Record<string, string> } | undefined {
  if (!contentType) return undefined;
  const [type, ...rest] = contentType.split(';');
  const params: Record<string, string> = {};
  for (const part of rest) {
    const eq = part.indexOf('=');
    if (eq > 0) params[part.slice(0, eq).trim().toLowerCase()] = part.slice(eq + 1).trim().replace(/^"|"$/g, '');
  }
  return { type: (type ?? '').trim().toLowerCase(), params };
}

/**
 * Whether HTTP forbids the answer a body, whatever a document says: 1xx, 204 and 304 answers, and
 * every answer to HEAD (RFC 9110 sections 6.4.1, 9.3.2, 15.3.5 and 15.4.5). Documents that give a
 * 204 a JSON schema (many generated ones do) promise nothing the server could keep.
 */
export function hasNoContent(status: number, method: string): boolean {
  return method.toUpperCase() === 'HEAD' || status < 200 || status === 204 || status === 304;
}
