import type { MockSetup } from '../mock/create-engine.js';
import { REASON_HEADER } from '../engine/error-body.js';
import { httpDate } from '../mock/response-headers.js';

/**
 * CORS for browser apps on any origin (INTERFACE.md section 8). No credentials are allowed with
 * the wildcard origin; API keys travel in a header, not cookies.
 */
export const EXPOSED_HEADERS = [
  'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'RateLimit', 'RateLimit-Policy',
  'Retry-After', 'X-Total-Count', 'Link', 'Location', 'Deprecation', 'Sunset', 'WWW-Authenticate',
  'Allow', 'Preference-Applied', REASON_HEADER,
].join(', ');

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': EXPOSED_HEADERS,
};

const ALLOWED_REQUEST_HEADERS = 'X-API-Key, Content-Type, Prefer, X-Mock-Session, Authorization';

/** The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`): never counted. */
export function preflightHeaders(allowedMethods: readonly string[], requestedHeaders: string | undefined): Record<string, string> {
  return {
    ...CORS_HEADERS,
    'Access-Control-Allow-Methods': allowedMethods.join(', '),
    'Access-Control-Allow-Headers': sanitizeHeaderList(requestedHeaders) ?? ALLOWED_REQUEST_HEADERS,
    'Access-Control-Max-Age': '600',
    Allow: allowedMethods.join(', '),
  };
}

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The headers of the 204 answering `OPTIONS path` (the server, Express and MSW alike): the methods
 * the document allows there, and `Date` by the default session's clock as on every other answer
 * (a preflight carries no X-Mock-Session).
 */
export function preflightAnswer(setup: Pick<MockSetup, 'router' | 'sessions'>, path: string, requestedHeaders: string | undefined): Record<string, string> {
  const match = setup.router.match('OPTIONS', path);
  const allowed = match.kind === 'method-not-allowed' ? [...match.allowed, 'OPTIONS'] : ALL_METHODS;
  return { ...preflightHeaders(allowed, requestedHeaders), Date: httpDate(setup.sessions.get(undefined).clock.now()) };
}

/** Echo requested header names only when they are plain tokens (no header injection). */
function sanitizeHeaderList(value: string | undefined): string | undefined {
  if (!value || value.length > 1000 || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/.test(value.trim())) return undefined;
  return value.trim();
}
