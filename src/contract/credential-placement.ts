import type { OpenAPIV3 } from 'openapi-types';
import type { ContractOptions } from './options.js';
import type { Credentials } from './request-template.js';

export type SecuritySchemes = Readonly<Record<string, OpenAPIV3.SecuritySchemeObject>>;
export type SecurityRequirements = readonly OpenAPIV3.SecurityRequirementObject[];

/** The credentials of a run, normalised from --api-key, --readonly-key, --rate-limit-key, --auth-basic and --header. */
export interface RunCredentials extends Readonly<Record<Exclude<Credentials, 'none' | 'wrong-credential'>, string | undefined>> {
  basic: { user: string; password: string } | undefined;
  /** --header, in the order given; sent on every request. */
  headers: readonly (readonly [string, string])[];
}

/** What the run was given, as the plan sees it (it never sees the values). */
export interface AvailableCredentials {
  apiKey: boolean;
  basic: boolean;
  readonlyKey: boolean;
  /** A --header that carries a credential (Authorization, a key, a token, a cookie): the user authenticates that way. */
  credentialHeader: boolean;
}

type Source = 'key' | 'basic';

/** A header --header gives that is a credential: masked in reports and left out of the no-credential case. */
export function isCredentialHeader(name: string): boolean {
  return /^(authorization|proxy-authorization|cookie)$/i.test(name) || /key|token|secret|auth|session|password/i.test(name);
}

/**
 * Every value a report must not show: the keys, the basic password and the token made from it,
 * and the values of credential headers. `credentialsOf` (credentials.ts) hands them to the
 * redactor and to the transport's origin rule.
 */
export function credentialSecrets(credentials: RunCredentials): string[] {
  const secrets = [credentials['api-key'], credentials['readonly-key'], credentials['rate-limit-key']].filter((k): k is string => k !== undefined);
  if (credentials.basic) secrets.push(credentials.basic.password, basicToken(credentials.basic));
  for (const [name, value] of credentials.headers) if (isCredentialHeader(name)) secrets.push(value);
  return secrets.filter((s) => s.length > 0);
}

export function runCredentials(options: Pick<ContractOptions, 'apiKey' | 'readonlyKey' | 'rateLimitKey' | 'authBasic' | 'headers'>): RunCredentials {
  return {
    'api-key': options.apiKey,
    'readonly-key': options.readonlyKey,
    'rate-limit-key': options.rateLimitKey ?? options.apiKey,
    basic: options.authBasic,
    headers: options.headers ?? [],
  };
}

export function availableCredentials(credentials: RunCredentials): AvailableCredentials {
  return {
    apiKey: credentials['api-key'] !== undefined,
    basic: credentials.basic !== undefined,
    readonlyKey: credentials['readonly-key'] !== undefined,
    credentialHeader: credentials.headers.some(([name]) => isCredentialHeader(name)),
  };
}

/** Which of the run's credentials a scheme takes: a key (apiKey, bearer, oauth2, openIdConnect), basic, or none it can fill. */
function sourceOf(scheme: OpenAPIV3.SecuritySchemeObject | undefined): Source | undefined {
  if (!scheme) return undefined;
  if (scheme.type === 'apiKey' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'key';
  if (scheme.type === 'http') return scheme.scheme.toLowerCase() === 'bearer' ? 'key' : scheme.scheme.toLowerCase() === 'basic' ? 'basic' : undefined;
  return undefined;
}

/**
 * The security requirement a request of this kind meets: the first alternative (OR) whose every
 * scheme (AND) the run can fill, `public` for `security: []` or an empty alternative the run
 * cannot better, undefined when none can be met. A read-only or rate-limit key must be used by
 * the alternative, or the case would not test that key.
 */
export function chooseRequirement(
  security: SecurityRequirements,
  schemes: SecuritySchemes,
  kind: Exclude<Credentials, 'none' | 'wrong-credential'>,
  has: (source: Source) => boolean,
): readonly string[] | 'public' | undefined {
  if (security.length === 0) return 'public';
  for (const requirement of security) {
    const names = Object.keys(requirement);
    if (names.length === 0) continue;
    const sources = names.map((n) => sourceOf(schemes[n]));
    if (sources.every((s) => s !== undefined && has(s)) && (kind === 'api-key' || sources.includes('key'))) return names;
  }
  return security.some((r) => Object.keys(r).length === 0) ? 'public' : undefined;
}

/** Why a request of this kind cannot carry credentials the operation requires, for a skip reason; undefined when it can. */
export function missingCredentials(security: SecurityRequirements, schemes: SecuritySchemes, kind: Credentials, available: AvailableCredentials): string | undefined {
  if (kind === 'none' || available.credentialHeader) return undefined;
  const has = (source: Source) => (source === 'basic' ? available.basic : kind === 'readonly-key' ? available.readonlyKey : available.apiKey);
  // A wrong credential takes the place of the run's own: it can be sent where that one can.
  if (chooseRequirement(security, schemes, kind === 'wrong-credential' ? 'api-key' : kind, has) !== undefined) return undefined;
  const wanted = security.map((r) => Object.keys(r).map((n) => describeScheme(n, schemes[n])).join(' and ')).join(', or ');
  return `it needs ${wanted}, and the run was given no such credential (--api-key, --auth-basic, or a credential --header)`;
}

/** Where a request's credentials go: headers, query parameters, cookies. */
export interface Placement {
  headers: Record<string, string>;
  query: Record<string, string>;
  cookies: Record<string, string>;
}

/** The credentials of a request of this kind, where the operation's schemes put them; --header on top. */
export function placeCredentials(security: SecurityRequirements, schemes: SecuritySchemes, credentials: RunCredentials, kind: Exclude<Credentials, 'wrong-credential'>): Placement {
  const placement: Placement = { headers: {}, query: {}, cookies: {} };
  for (const [name, value] of credentials.headers) if (kind !== 'none' || !isCredentialHeader(name)) placement.headers[name] = value;
  if (kind === 'none') return placement;
  const key = credentials[kind];
  const chosen = chooseRequirement(security, schemes, kind, (s) => (s === 'basic' ? credentials.basic !== undefined : key !== undefined));
  if (chosen === undefined || chosen === 'public') return placement;
  for (const name of chosen) {
    const scheme = schemes[name]!;
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'query') placement.query[scheme.name] = key!;
      else if (scheme.in === 'cookie') placement.cookies[scheme.name] = key!;
      else setHeader(placement.headers, scheme.name, key!);
    } else if (scheme.type === 'http' && scheme.scheme.toLowerCase() === 'basic') {
      setHeader(placement.headers, 'Authorization', `Basic ${basicToken(credentials.basic!)}`);
    } else {
      setHeader(placement.headers, 'Authorization', `Bearer ${key!}`);
    }
  }
  return placement;
}

/** Sets a header, replacing one of the same name whatever its case (a --header `Accept` replaces the runner's). */
export function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const existing of Object.keys(headers)) if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
  headers[name] = value;
}

function basicToken(basic: { user: string; password: string }): string {
  return Buffer.from(`${basic.user}:${basic.password}`, 'utf8').toString('base64');
}

function describeScheme(name: string, scheme: OpenAPIV3.SecuritySchemeObject | undefined): string {
  if (!scheme) return `${name} (not in securitySchemes)`;
  if (scheme.type === 'apiKey') return `${name} (an API key in ${scheme.in} ${scheme.name})`;
  if (scheme.type === 'http') return `${name} (http ${scheme.scheme})`;
  return `${name} (${scheme.type})`;
}
