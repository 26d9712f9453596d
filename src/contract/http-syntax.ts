/** Parsers for the header syntaxes the checks verify (RFC 9745, RFC 9110 IMF-fixdate, RFC 8288, IETF RateLimit draft). */

const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * An RFC 9110 IMF-fixdate (`Wed, 30 Jun 2027 23:59:59 GMT`) as epoch ms, or undefined. The weekday
 * must be the right one: a round trip through `toUTCString` rejects `Mon, 30 Jun 2027 ...`.
 */
export function parseImfFixdate(value: string): number | undefined {
  if (!IMF_FIXDATE.test(value)) return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || new Date(ms).toUTCString() !== value) return undefined;
  return ms;
}

/** RFC 9745 `Deprecation: @<unix seconds>` (a structured-field Date) as epoch ms, or undefined. */
export function parseDeprecation(value: string): number | undefined {
  const match = /^@(-?\d{1,15})$/.exec(value);
  return match ? Number(match[1]) * 1000 : undefined;
}

export interface LinkValue {
  target: string;
  rel: string[];
}

/** RFC 8288 links: `<url>; rel="next", <url2>; rel="prev"`. Unparseable input gives []. */
export function parseLinks(value: string): LinkValue[] {
  const links: LinkValue[] = [];
  const pattern = /<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g;
  for (const match of value.matchAll(pattern)) {
    const params = match[2] ?? '';
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]+))/i.exec(params);
    links.push({ target: match[1] as string, rel: (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/).filter(Boolean) });
  }
  return links;
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
