import { isCredentialHeader, type RunCredentials } from '../credential-placement.js';

/**
 * What the ignored_auth case with a wrong credential sends in place of each credential: well formed,
 * never the run's own, and marked invalid in its first word, as a test double's convention refuses
 * (the kit's mock under any-credential does: docs/decisions/089-a-credential-marked-invalid.md).
 */
export const WRONG_CREDENTIAL = 'invalid-credential-sent-by-petstore-kit';

/**
 * The run's credentials, each replaced by a wrong value of its kind, placed where the run's own go:
 * the key (apiKey, bearer, OAuth 2 token), the basic password (same user), and the value of each
 * credential --header (`Authorization: Bearer <wrong>`, a cookie's pairs with wrong values).
 */
export function wrongCredentials(credentials: RunCredentials): RunCredentials {
  const key = credentials['api-key'];
  return {
    'api-key': key === undefined ? undefined : wrong(key),
    'readonly-key': undefined,
    'rate-limit-key': undefined,
    basic: credentials.basic && { user: credentials.basic.user, password: wrong(credentials.basic.password) },
    headers: credentials.headers.map(([name, value]) => [name, isCredentialHeader(name) ? wrongHeaderValue(name, value) : value] as const),
  };
}

function wrong(real: string): string {
  return real === WRONG_CREDENTIAL ? `${WRONG_CREDENTIAL}-2` : WRONG_CREDENTIAL;
}

/** `Bearer abc` -> `Bearer <wrong>` (the scheme kept), `a=1; b=2` in a Cookie -> `a=<wrong>; b=<wrong>`. */
function wrongHeaderValue(name: string, value: string): string {
  if (name.toLowerCase() === 'cookie') return value.split(';').map((pair) => pair.trim().replace(/=.*$/s, (real) => `=${wrong(real.slice(1))}`)).join('; ');
  const scheme = /^([A-Za-z][\w-]*) +(\S.*)$/s.exec(value);
  return scheme ? `${scheme[1]} ${wrong(scheme[2]!)}` : wrong(value);
}
