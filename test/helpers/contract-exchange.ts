import type { Exchange } from '../../src/contract/events.js';

/** Epoch ms the hand-made exchanges are "received" at: 2026-11-22T15:00:20Z (20 s into a minute). */
export const NOW = Date.parse('2026-11-22T15:00:20Z');

/** Rate-limit headers of a conforming answer at NOW: 59 of 60 left, the minute resets in 40 s. */
export function rateLimitHeaders(remaining = 59, limit = 60): Record<string, string> {
  const reset = Math.floor(NOW / 1000) + 40;
  return {
    'x-ratelimit-limit': String(limit),
    'x-ratelimit-remaining': String(remaining),
    'x-ratelimit-reset': String(reset),
    ratelimit: `"minute";r=${remaining};t=40`,
    'ratelimit-policy': `"minute";q=${limit};w=60, "day";q=1000;w=86400`,
    date: new Date(NOW).toUTCString(),
  };
}

/** A hand-made exchange; JSON bodies get `application/json` and the rate-limit headers unless told otherwise. */
export function exchange(parts: {
  method?: string;
  url?: string;
  status: number;
  body?: unknown;
  headers?: Record<string, string | undefined>;
  requestBody?: unknown;
}): Exchange {
  const text = parts.body === undefined ? '' : typeof parts.body === 'string' ? parts.body : JSON.stringify(parts.body);
  const headers: Record<string, string> = { ...rateLimitHeaders() };
  if (parts.body !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
  for (const [name, value] of Object.entries(parts.headers ?? {})) {
    if (value === undefined) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  return {
    request: {
      method: parts.method ?? 'GET',
      url: parts.url ?? 'http://127.0.0.1:4010/pets',
      headers: {},
      ...(parts.requestBody !== undefined ? { body: parts.requestBody } : {}),
    },
    response: { status: parts.status, headers, body: parts.body, text },
    durationMs: 1,
  };
}

/** The headers every answer of GET /pets/{petId} carries (INTERFACE.md section 3). */
export const DEPRECATION_HEADERS = {
  deprecation: '@1767225600',
  sunset: 'Wed, 30 Jun 2027 23:59:59 GMT',
  link: '</pets?id=1>; rel="successor-version"',
};
